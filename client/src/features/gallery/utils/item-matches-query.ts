import type { GalleryItem } from '@atelier/shared';
import { includesSearch } from '../../../lib/search-text';
import { sameFolderName } from './folder-names';
import type { GalleryQuery } from './gallery-query';

function localDay(day: string, addDays = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + addDays).getTime();
}

/**
 * Whether the server would list `item` in this view: the same rules as its filters, so a new
 * or changed item can be placed in (or taken out of) a cached view without re-reading it.
 */
export function itemMatchesQuery(item: GalleryItem, query: GalleryQuery): boolean {
  if (item.status !== query.status) return false;
  if (query.folder !== undefined && !sameFolderName(item.folder_path, query.folder.trim())) return false;
  if (query.job_id !== undefined && item.job_id !== query.job_id) return false;
  if (query.job_name && item.job_name !== query.job_name) return false;
  if (query.workflow && item.workflow_name !== query.workflow) return false;
  if (query.search) {
    // field by field, as the server checks them: 'city Text' is in no field of the job 'Neon city'
    // of the workflow 'Text to Image', though it is in the fields joined with spaces
    const { search } = query;
    const fields = [item.job_name, item.workflow_name, ...item.user_tags];
    if (!fields.some((field) => includesSearch(field, search))) return false;
  }
  const created = new Date(item.created_at).getTime();
  if (query.dateFrom && created < localDay(query.dateFrom)) return false;
  if (query.dateTo && created >= localDay(query.dateTo, 1)) return false;
  return true;
}
