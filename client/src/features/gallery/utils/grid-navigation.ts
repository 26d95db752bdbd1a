/** Which of a tile's two buttons has focus: the one that opens the medium or its Select box. */
export type TilePart = 'open' | 'select';

/** Rows a Page Up or Page Down key moves by. */
const PAGE_ROWS = 3;

/**
 * Where an arrow (or Home, End, Page Up, Page Down) key takes focus in a grid of `count` tiles laid out
 * `columns` to a row; null for any other key, or when the key leads nowhere (the first tile and
 * ArrowLeft). Down from the last full row goes to the last tile, as in a file manager.
 */
export function gridMove(key: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const row = Math.floor(index / columns);
  const lastRow = Math.floor(last / columns);
  let next: number;
  switch (key) {
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'ArrowDown':
      next = row < lastRow ? Math.min(index + columns, last) : index;
      break;
    case 'PageUp':
      next = Math.max(index - columns * PAGE_ROWS, index % columns);
      break;
    case 'PageDown':
      next = Math.min(index + columns * PAGE_ROWS, last);
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = last;
      break;
    default:
      return null;
  }
  return next >= 0 && next <= last && next !== index ? next : null;
}
