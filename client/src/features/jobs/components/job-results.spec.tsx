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
