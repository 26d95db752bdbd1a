import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { renderUi } from '../../../test/render-ui';
import { GalleryScrollStatus, type ScrollState } from './gallery-scroll-status';

const state = (changes: Partial<ScrollState>): ScrollState => ({
  isPending: false,
  isFetchingNextPage: false,
  hasNextPage: true,
  error: null,
  itemCount: 100,
  ...changes,
});

describe('infinite scroll states', () => {
  it("says 'Loading images...' for the first page and 'Loading more images...' for the next", () => {
    const { unmount } = renderUi(
      <GalleryScrollStatus state={state({ isPending: true, itemCount: 0 })} onRetry={vi.fn()} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading images...');
    unmount();
    renderUi(<GalleryScrollStatus state={state({ isFetchingNextPage: true })} onRetry={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading more images...');
  });

  it("says 'No more images to load' after the last page, and nothing while more may come", () => {
    const { unmount } = renderUi(<GalleryScrollStatus state={state({})} onRetry={vi.fn()} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    renderUi(<GalleryScrollStatus state={state({ hasNextPage: false })} onRetry={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('No more images to load');
  });

  it("says 'Failed to load images' (or the server's error) with a retry", async () => {
    const onRetry = vi.fn();
    const { unmount } = renderUi(
      <GalleryScrollStatus state={state({ error: new Error('offline') })} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load images');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    unmount();
    renderUi(<GalleryScrollStatus state={state({ error: new ApiError(400, 'Invalid cursor') })} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid cursor');
  });
});
