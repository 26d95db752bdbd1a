import { MESSAGES, type QueueStatus } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/job-factory';
import { renderApp, testUser } from '../../../test/render-app';
import { applyJobProgress, applyQueueUpdated } from '../../live/api/server-events';

const idle: QueueStatus = {
  stats: { processing: 0, queued: 0, submitting: 0, total_items: 0, estimated_wait_time: 0 },
  current_job: null,
  upcoming_jobs: [],
};

const busy: QueueStatus = {
  stats: { processing: 1, queued: 1, submitting: 0, total_items: 12, estimated_wait_time: 95 },
  current_job: makeJob({
    id: 5,
    job_name: 'Harbour',
    username: 'user-tester',
    status: 'processing',
    batch_size: 10,
    batch_completed: 3,
    rejection_count: 1,
  }),
  upcoming_jobs: [makeJob({ id: 6, job_name: "Someone else's", username: 'paul', status: 'queued', batch_size: 2 })],
};

describe('queue page', () => {
  it("says 'No jobs in queue' when nothing runs or waits", async () => {
    const { queryClient } = renderApp('/queue', { user: testUser('user') });
    act(() => applyQueueUpdated(queryClient, idle));
    expect(await screen.findByText(MESSAGES.noJobsInQueue)).toBeInTheDocument();
  });

  it('shows the current job with items done and the live step, then the upcoming jobs in order', async () => {
    const { queryClient } = renderApp('/queue', { user: testUser('user') });
    act(() => applyQueueUpdated(queryClient, busy));

    const current = await screen.findByRole('region', { name: 'Current job' });
    expect(within(current).getByRole('link', { name: 'Harbour' })).toHaveAttribute('href', '/job/5');
    expect(within(current).getByText('4 of 10')).toBeInTheDocument();
    expect(within(current).queryByText(/^step/)).not.toBeInTheDocument();

    act(() => applyJobProgress(queryClient, { job_id: 5, batch_index: 4, value: 6, max: 20 }));
    expect(await within(current).findByText('Image 5')).toBeInTheDocument();
    expect(within(current).getByText('step 6 of 20')).toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Upcoming jobs (1)' });
    // another user's job is listed but not linked: its page would only answer 'Job not found'
    expect(within(upcoming).getByText("Someone else's")).toBeInTheDocument();
    expect(within(upcoming).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.noJobsInQueue)).not.toBeInTheDocument();
    expect(screen.getByText('2 min')).toBeInTheDocument();
  });

  it('keeps the navigation badge in step with the same queue', async () => {
    const { queryClient } = renderApp('/history', { user: testUser('user') });
    act(() => applyQueueUpdated(queryClient, busy));
    expect(await screen.findByRole('link', { name: /Jobs 2\s*Items 12/ })).toHaveAttribute('href', '/queue');
  });
});
