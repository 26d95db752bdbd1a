import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeGalleryItem } from '../../../test/gallery-factory';
import { renderUi } from '../../../test/render-ui';
import { MediaTile } from './media-tile';

const renderTile = (item = makeGalleryItem(), selectedNumber = 0) =>
  renderUi(
    <MediaTile
      item={item}
      index={0}
      selectedNumber={selectedNumber}
      tabbable
      onTileClick={vi.fn()}
      onToggle={vi.fn()}
    />,
  );

describe('media tile', () => {
  it('shows a lazy thumbnail for an image, with the job, workflow and first 2 tags plus +n', () => {
    renderTile(makeGalleryItem({ user_tags: ['night', 'sea', 'fog', 'gull'] }));
    const img = screen.getByRole('img', { name: 'Lighthouse at dusk' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.getAttribute('src')).toContain('thumbs');
    const tile = screen.getByRole('listitem');
    expect(tile).toHaveTextContent('Text to Image');
    expect(tile).toHaveTextContent('night');
    expect(tile).toHaveTextContent('sea');
    expect(tile).not.toHaveTextContent('fog');
    expect(tile).toHaveTextContent('+2');
  });

  it('recognises a video by its file extension, whatever the query string', () => {
    const { container } = renderTile(makeGalleryItem({ file_path: '/api/media/7/41/1_0.MOV?sig=x' }));
    expect(container.querySelector('video')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Video')).toBeInTheDocument();
  });

  it('shows its number in the selection', () => {
    renderTile(makeGalleryItem(), 3);
    expect(screen.getByRole('button', { name: 'Selected 3' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Selected 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives on hover the whole job and workflow names the overlay cuts to a line, and every tag', () => {
    const jobName = 'https://example.com/very/long/path/without-any-spaces/'.repeat(4).slice(0, 200);
    renderTile(makeGalleryItem({ job_name: jobName, user_tags: ['night', 'sea', 'fog'] }));
    expect(screen.getByRole('button', { name: /^View / })).toHaveAttribute(
      'title',
      `${jobName}\nText to Image\nnight, sea, fog`,
    );
  });
});
