import { MESSAGES, type QueueStatus } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { holdFetch } from '../../../test/held-fetch';
import { makeJob } from '../../../test/job-factory';
import { renderApp, testUser } from '../../../test/render-app';
import { applyJobProgress, applyQueueUpdated } from '../../live/api/server-events';
import { queueQueryOptions } from '../api/get-queue';

const idle: QueueStatus = {
  as_of: 1,
  stats: { processing: 0, queued: 0, submitting: 0, total_items: 0, estimated_wait_time: 0 },
  current_job: null,
  running_jobs: [],
  upcoming_jobs: [],
};

const harbour = makeJob({
  id: 5,
  job_name: 'Harbour',
  username: 'user-tester',
  status: 'processing',
  batch_size: 10,
  batch_completed: 3,
  rejection_count: 1,
});

const busy: QueueStatus = {
  as_of: 2,
  stats: { processing: 1, queued: 1, submitting: 0, total_items: 12, estimated_wait_time: 95 },
  current_job: harbour,
  running_jobs: [harbour],
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

    const current = await screen.findByRole('article', { name: 'Harbour' });
    expect(screen.getByRole('region', { name: 'Current jobs (1)' })).toContainElement(current);
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

  it('shows every running job with its own progress when several run at once', async () => {
    const dunes = makeJob({
      id: 7,
      job_name: 'Dunes',
      username: 'paul',
      status: 'submitting',
      batch_size: 3,
      batch_completed: 0,
      rejection_count: 0,
    });
    const { queryClient } = renderApp('/queue', { user: testUser('user') });
    act(() =>
      applyQueueUpdated(queryClient, {
        as_of: 3,
        stats: { processing: 1, queued: 0, submitting: 1, total_items: 9, estimated_wait_time: 60 },
        current_job: harbour,
        running_jobs: [harbour, dunes],
        upcoming_jobs: [],
      }),
    );

    const running = await screen.findByRole('region', { name: 'Current jobs (2)' });
    const jobs = within(running).getAllByRole('article');
    expect(jobs.map((job) => job.getAttribute('aria-label'))).toEqual(['Harbour', 'Dunes']);
    const [first, second] = jobs as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    expect(within(first).getByText('4 of 10')).toBeInTheDocument();
    expect(within(second).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(second).getByText('0 of 3')).toBeInTheDocument();
    expect(within(second).getByText('Submitting')).toBeInTheDocument();

    // each job's step progress lands under that job only
    act(() => applyJobProgress(queryClient, { job_id: 7, batch_index: 0, value: 3, max: 8 }));
    expect(await within(second).findByText('step 3 of 8')).toBeInTheDocument();
    expect(within(first).queryByText(/^step/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upcoming jobs (0)' })).toHaveTextContent('Nothing else is waiting.');
  });

  it('keeps the view read last when an older push or poll answer arrives after it', async () => {
    const { spy, answer } = holdFetch();
    onTestFinished(() => spy.mockRestore());
    const { queryClient } = renderApp('/queue', { user: testUser('user') });
    const harbourAt = (batchCompleted: number, asOf: number): QueueStatus => {
      const job = { ...harbour, batch_completed: batchCompleted, rejection_count: 0, failed_count: 0 };
      return { ...busy, as_of: asOf, current_job: job, running_jobs: [job] };
    };
    // the query cache tells the page of new data on its next timer tick
    const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const push = (view: QueueStatus) =>
      act(async () => {
        applyQueueUpdated(queryClient, view);
        await nextTick();
      });
    const poll = (view: QueueStatus) =>
      act(async () => {
        const read = queryClient.fetchQuery(queueQueryOptions());
        answer(Response.json(view));
        await read;
        await nextTick();
      });
    await push(harbourAt(6, 30));
    const current = await screen.findByRole('article', { name: 'Harbour' });
    expect(within(current).getByText('6 of 10')).toBeInTheDocument();

    // a push another process sent before the one shown
    await push(harbourAt(5, 20));
    expect(within(current).getByText('6 of 10')).toBeInTheDocument();
    // a poll read before the push, answered after it
    await poll(harbourAt(4, 10));
    expect(within(current).getByText('6 of 10')).toBeInTheDocument();

    await poll({ ...idle, as_of: 40 });
    expect(screen.getByText(MESSAGES.noJobsInQueue)).toBeInTheDocument();
  });

  it('follows the queue again at once after the database clock is set back, not once it has caught up', async () => {
    const { queryClient } = renderApp('/queue', { user: testUser('user') });
    const minute = 60 * 1_000_000;
    act(() => applyQueueUpdated(queryClient, { ...busy, as_of: 10 * minute }));
    expect(await screen.findByRole('article', { name: 'Harbour' })).toBeInTheDocument();

    act(() => applyQueueUpdated(queryClient, { ...idle, as_of: 9 * minute }));
    expect(await screen.findByText(MESSAGES.noJobsInQueue)).toBeInTheDocument();
  });

  it('keeps the navigation badge in step with the same queue', async () => {
    const { queryClient } = renderApp('/history', { user: testUser('user') });
    act(() => applyQueueUpdated(queryClient, busy));
    expect(await screen.findByRole('link', { name: /Jobs 2\s*Items 12/ })).toHaveAttribute('href', '/queue');
  });
});
