import { POLL_INTERVAL_MS, type Job } from '@atelier/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { makeJob } from '../../../test/job-factory';
import { useJob } from '../api/get-job';
import { JobHeader } from './job-header';

const FINISHED = 'This job has already finished';

/** The job page's header over the job as the page reads it, polled as on the page. */
function JobPageHeader({ id }: { id: number }) {
  const job = useJob(id).data;
  return job ? <JobHeader job={job} /> : null;
}

describe('Cancel pressed on a job that has just finished', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the real status at once, not at the next poll, with the message the server gave', async () => {
    // the server: the job runs until the test says it finished; a cancel after that is refused
    let job: Job = makeJob({
      id: 5,
      job_name: 'Harbour',
      status: 'processing',
      batch_completed: 3,
      completed_at: null,
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input) === '/api/jobs/5/cancel') {
        return Response.json({ error: FINISHED }, { status: 409 });
      }
      if (String(input) === '/api/jobs/5') return Response.json(job);
      return Response.json({ error: 'Not found' }, { status: 404 });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} store={createStore()}>
        <MemoryRouter>
          <JobPageHeader id={5} />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Processing')).toBeInTheDocument();

    job = { ...job, status: 'completed', batch_completed: 4, completed_at: '2026-03-01T10:00:09.000Z' };
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel job' }));

    // well before the job's next poll (POLL_INTERVAL_MS after the first read) could have brought it
    await waitFor(() => expect(screen.getByText('Completed')).toBeInTheDocument(), { timeout: POLL_INTERVAL_MS / 3 });
    expect(screen.getByRole('alert')).toHaveTextContent(FINISHED);
    expect(screen.queryByText('Processing')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel job' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clone' })).toHaveFocus());
  });
});
