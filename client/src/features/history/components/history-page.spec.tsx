import {
  HISTORY_PAGE_MAX,
  HISTORY_PAGE_SIZE,
  MESSAGES,
  SEARCH_MAX_LENGTH,
  type JobListResponse,
} from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/job-factory';
import { renderApp, testUser } from '../../../test/render-app';
import { jobsQueryOptions } from '../../jobs/api/get-jobs';
import { jobQueryKeys } from '../../jobs/api/job-query-keys';

const firstPage = (jobs: JobListResponse['jobs'], total = jobs.length): JobListResponse => ({
  jobs,
  pagination: { page: 1, pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)), total },
});
const key = (params: object) =>
  jobsQueryOptions({ status: undefined, search: '', page: 1, limit: 10, ...params }).queryKey;

describe('history page', () => {
  it("says 'No jobs found' for an empty page", async () => {
    const { queryClient } = renderApp('/history', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(key({}), firstPage([]));
    });
    expect(await screen.findByText(MESSAGES.noJobsFound)).toBeInTheDocument();
  });

  it('links every row to its job and to its gallery, and pages by 10', async () => {
    const { queryClient } = renderApp('/history', { user: testUser('user') });
    const jobs = [makeJob({ id: 8, job_name: 'Harbour' }), makeJob({ id: 9, job_name: 'Dunes', status: 'failed' })];
    act(() => {
      queryClient.setQueryData(key({}), firstPage(jobs, 23));
    });

    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(within(list).getByRole('link', { name: 'Harbour' })).toHaveAttribute('href', '/job/8');
    expect(within(list).getByRole('link', { name: 'View gallery of Dunes' })).toHaveAttribute('href', '/gallery/9');
    expect(screen.getByText('Page 1 of 3 · 23 jobs')).toBeInTheDocument();
  });

  it('says how many items of a job were rejected and how many failed', async () => {
    const { queryClient } = renderApp('/history', { user: testUser('user') });
    const job = makeJob({ id: 8, batch_size: 5, batch_completed: 2, rejection_count: 1, failed_count: 2 });
    act(() => {
      queryClient.setQueryData(key({}), firstPage([job]));
    });
    const list = await screen.findByRole('list', { name: 'Jobs' });
    expect(within(list).getByText(/2 of 5 images · 1 rejected · 2 failed/)).toBeInTheDocument();
  });

  it('keeps the status filter, search and page in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/history?page=2', { user: testUser('user') });

    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(router.state.location.search).toBe('?status=failed');

    await user.type(screen.getByLabelText('Search jobs'), 'dune');
    await expect.poll(() => router.state.location.search).toBe('?status=failed&search=dune');
  });

  it('goes from a page past the last to the last page there is', async () => {
    const { queryClient, router } = renderApp('/history?page=9', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(key({ page: 9 }), { jobs: [], pagination: { page: 9, pages: 3, total: 23 } });
    });
    await expect.poll(() => router.state.location.search).toBe('?page=3');
  });

  it('comes back from a job to the page and filters it was opened from', async () => {
    const user = userEvent.setup();
    const { queryClient, router } = renderApp('/history?status=failed&page=2', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(key({ status: 'failed', page: 2 }), {
        jobs: [makeJob({ id: 8, job_name: 'Harbour', status: 'failed' })],
        pagination: { page: 2, pages: 3, total: 23 },
      });
      queryClient.setQueryData(jobQueryKeys.detail(8), makeJob({ id: 8, job_name: 'Harbour', status: 'failed' }));
    });
    await user.click(await screen.findByRole('link', { name: 'Harbour' }));
    expect(router.state.location.pathname).toBe('/job/8');
    expect(await screen.findByRole('link', { name: '← Generation History' })).toHaveAttribute(
      'href',
      '/history?status=failed&page=2',
    );
  });

  it('reads an address with a page or search past what the server takes as the most it takes', async () => {
    const { queryClient, router } = renderApp(`/history?page=5000000&search=${'x'.repeat(300)}`, {
      user: testUser('user'),
    });
    expect(screen.getByLabelText('Search jobs')).toHaveValue('x'.repeat(SEARCH_MAX_LENGTH));
    act(() => {
      queryClient.setQueryData(key({ page: HISTORY_PAGE_MAX, search: 'x'.repeat(SEARCH_MAX_LENGTH) }), {
        jobs: [],
        pagination: { page: HISTORY_PAGE_MAX, pages: 3, total: 23 },
      });
    });
    await expect.poll(() => router.state.location.search).toBe(`?search=${'x'.repeat(200)}&page=3`);
  });

  it('keeps a status picked while the search text is still on its way', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/history', { user: testUser('user') });
    await user.type(screen.getByLabelText('Search jobs'), 'dune');
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await expect.poll(() => router.state.location.search).toBe('?status=failed&search=dune');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.state.location.search).toBe('?status=failed&search=dune');
  });
});
