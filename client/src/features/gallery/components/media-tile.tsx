import { GALLERY_TILE_MAX_TAGS, isVideoPath, type GalleryItem } from '@atelier/shared';
import { memo, type MouseEvent } from 'react';

interface MediaTileProps {
  item: GalleryItem;
  index: number;
  /** 1-based position in the selection, or 0 when not selected. */
  selectedNumber: number;
  /** Tab stops here; the grid's arrow keys reach the other tiles. */
  tabbable: boolean;
  onTileClick: (item: GalleryItem, index: number, event: MouseEvent) => void;
  onToggle: (id: number) => void;
}

/** First 2 user tags, then `+n` for the rest (SPEC section 9). */
export function tileTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, GALLERY_TILE_MAX_TAGS), more: Math.max(0, tags.length - GALLERY_TILE_MAX_TAGS) };
}

/**
 * One medium of the grid: a video or a thumbnail (by file extension), its selection box with
 * its number, and on hover the job, workflow and first tags. Plain elements styled by the grid's
 * one stylesheet (`mediaTileStyles`): thousands of these mount while scrolling, so each must be cheap.
 */
export const MediaTile = memo(function MediaTile({
  item,
  index,
  selectedNumber,
  tabbable,
  onTileClick,
  onToggle,
}: MediaTileProps) {
  const video = isVideoPath(item.file_path);
  const selected = selectedNumber > 0;
  const { shown, more } = tileTags(item.user_tags);
  const label = `${item.job_name}, ${video ? 'video' : 'image'} ${item.id}`;

  return (
    <div
      role="listitem"
      aria-label={label}
      className="media-tile"
      data-item-id={item.id}
      data-selected={selected || undefined}
    >
      <button
        type="button"
        className="media-tile-open"
        // the overlay cuts the names to a line and shows 2 tags: the whole of each on hover
        title={[item.job_name, item.workflow_name, item.user_tags.join(', ')].filter(Boolean).join('\n')}
        tabIndex={tabbable ? 0 : -1}
        aria-label={`View ${label}`}
        onClick={(event) => onTileClick(item, index, event)}
      >
        {video ? (
          <video
            src={item.file_path}
            poster={item.thumbnail_path ?? undefined}
            muted
            playsInline
            preload="none"
            aria-label={item.job_name}
          />
        ) : (
          <img
            src={item.thumbnail_path ?? item.file_path}
            alt={item.job_name}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        )}
      </button>
      <button
        type="button"
        className="media-tile-select"
        tabIndex={tabbable ? 0 : -1}
        aria-label={selected ? `Selected ${selectedNumber}` : 'Select'}
        aria-pressed={selected}
        onClick={() => onToggle(item.id)}
      >
        {selected ? selectedNumber : ''}
      </button>
      {video && <span className="media-tile-video">Video</span>}
      <div className="media-tile-overlay" data-part="overlay">
        <span className="media-tile-job" dir="auto">
          {item.job_name}
        </span>
        <span className="media-tile-workflow">{item.workflow_name}</span>
        {shown.length > 0 && (
          <span className="media-tile-tags">
            {shown.map((tag) => (
              <span key={tag} className="media-tile-tag">
                {tag}
              </span>
            ))}
            {more > 0 && <span className="media-tile-tag">+{more}</span>}
          </span>
        )}
      </div>
    </div>
  );
});
