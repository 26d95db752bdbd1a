import type { JobResultItem, JobResults } from '@atelier/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeJob } from '../../../test/job-factory';
import { renderApp, testUser } from '../../../test/render-app';
import { jobQueryKeys } from '../api/job-query-keys';
import { holdFetch } from '../../../test/held-fetch';

const item = (index: number): JobResultItem => ({
  id: 1000 + index,
  batch_index: index,
  output_index: 0,
  media_type: 'image',
  url: `/media/${index}.png`,
  thumbnail_url: null,
  seed_used: null,
  width: 512,
  height: 512,
  created_at: '2026-03-01T10:00:05.000Z',
});

const page = (from: number, count: number): JobResults => ({
  items: Array.from({ length: count }, (_, i) => item(from + i)),
  total: 101,
  rejections: [],
});

describe('job results, from the keyboard', () => {
  it('keeps the focus on Load more while the page loads, then gives it to the first new result', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy, answer } = holdFetch();
    try {
      const { queryClient } = renderApp('/job/5', { user: testUser('user', 'marie') });
      act(() => {
        queryClient.setQueryData(jobQueryKeys.detail(5), makeJob({ id: 5, batch_size: 101, batch_completed: 101 }));
        queryClient.setQueryData(jobQueryKeys.results(5), { pages: [page(0, 100)], pageParams: [0] });
      });
      const more = await screen.findByRole('button', { name: 'Load more (100 of 101)' });
      more.focus();
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(more).toHaveAttribute('aria-busy', 'true'));
      expect(more).toHaveFocus();
      expect(more).not.toBeDisabled();
      // a second Enter asks for nothing more
      await user.keyboard('{Enter}');
      expect(fetchSpy).toHaveBeenCalledTimes(1);

      // the last page: Load more goes away, the focus goes on to what it loaded
      answer(Response.json(page(100, 1)));
      const added = await screen.findByRole('link', { name: 'Image 101, full size' });
      expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
      await vi.waitFor(() => expect(added).toHaveFocus());
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

const pageOf = (from: number, count: number, total: number): JobResults => ({ ...page(from, count), total });

/** Each read of job 5's results waits for the test to answer it; `offsets` lists them in order. */
function holdResultReads() {
  const { spy, requests } = holdFetch();
  const reads = () => requests().filter(({ url }) => url.pathname.endsWith('/jobs/5/results'));
  return {
    spy,
    offsets: () => reads().map(({ url }) => url.searchParams.get('offset')),
    answer: (index: number, results: JobResults) => reads()[index]!.answer(Response.json(results)),
  };
}

/** Job 5 running with 150 made, its first page of results loaded; `end` ends it with 260 made. */
async function renderRunningJob() {
  const { queryClient } = renderApp('/job/5', { user: testUser('user', 'marie') });
  const job = makeJob({ id: 5, status: 'processing', batch_size: 300, batch_completed: 150 });
  act(() => {
    queryClient.setQueryData(jobQueryKeys.detail(5), job);
    queryClient.setQueryData(jobQueryKeys.results(5), { pages: [pageOf(0, 100, 150)], pageParams: [0] });
  });
  const more = await screen.findByRole('button', { name: 'Load more (100 of 150)' });
  const end = async () => {
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(5), { ...job, status: 'completed', batch_completed: 260 });
    });
    await screen.findAllByText('Completed');
  };
  return { more, end };
}

describe('job results, read again as the job ends', () => {
  it('waits for the read of the loaded pages when Load more is pressed during it, then loads the next page', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy, offsets, answer } = holdResultReads();
    try {
      const { more, end } = await renderRunningJob();

      // the job ends with 260 made: its results are read again, and Load more is pressed meanwhile
      await end();
      await vi.waitFor(() => expect(offsets()).toEqual(['0']));
      await user.click(more);
      answer(0, pageOf(0, 100, 260));
      await vi.waitFor(() => expect(offsets()).toEqual(['0', '100']));
      answer(1, pageOf(100, 100, 260));
      expect(await screen.findByRole('button', { name: 'Load more (200 of 260)' })).toBeInTheDocument();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('keeps a Load more pressed just before the job ends: its page lands, then all is read again', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy, offsets, answer } = holdResultReads();
    try {
      const { more, end } = await renderRunningJob();

      // Load more is pressed, and the job ends with 260 made while its page is on its way
      await user.click(more);
      await vi.waitFor(() => expect(offsets()).toEqual(['100']));
      await end();
      answer(0, pageOf(100, 100, 260));
      // the read at the job's end starts from the first page and goes on to the one just loaded
      await vi.waitFor(() => expect(offsets()).toEqual(['100', '0']));
      answer(1, pageOf(0, 100, 260));
      await vi.waitFor(() => expect(offsets()).toEqual(['100', '0', '100']));
      answer(2, pageOf(100, 100, 260));
      expect(await screen.findByRole('button', { name: 'Load more (200 of 260)' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Image 200, full size' })).toBeInTheDocument();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe('job results, counted', () => {
  it('counts the files the grid shows when an item made more than one (a graph with two outputs)', async () => {
    const { queryClient } = renderApp('/job/5', { user: testUser('user', 'marie') });
    const twoEach: JobResults = {
      items: [0, 1].flatMap((index) => [item(index), { ...item(index), id: 2000 + index, output_index: 1 }]),
      total: 4,
      rejections: [],
    };
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(5), makeJob({ id: 5, batch_size: 2, batch_completed: 2 }));
      queryClient.setQueryData(jobQueryKeys.results(5), { pages: [twoEach], pageParams: [0] });
    });
    expect(await screen.findByRole('heading', { name: 'Results (4)' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Image \d(\.2)?, full size$/ })).toHaveLength(4);
  });
});
