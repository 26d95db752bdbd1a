import type { GalleryFilterState } from '../hooks/use-gallery-params';

/**
 * The filters narrowing a view, as listed by the 'No images match current filters' state. The job
 * is named as the banner above names it, once its name is known.
 */
export function describeActiveFilters(filters: GalleryFilterState, jobName?: string): string[] {
  const list: string[] = [];
  if (filters.jobId !== null) list.push(jobName === undefined ? `Job #${filters.jobId}` : `Job: ${jobName}`);
  if (filters.jobName) list.push(`Job: ${filters.jobName}`);
  if (filters.workflow) list.push(`Workflow: ${filters.workflow}`);
  if (filters.folder !== null) list.push(`Folder: ${filters.folder}`);
  if (filters.status !== 'active') list.push(`Status: ${filters.status}`);
  if (filters.search) list.push(`Search: “${filters.search}”`);
  if (filters.dateFrom) list.push(`From: ${filters.dateFrom}`);
  if (filters.dateTo) list.push(`To: ${filters.dateTo}`);
  return list;
}

/** What Clear Filters clears: status back to active, no workflow, search or dates; folder and job stay. */
export const CLEARED_FILTERS = { status: 'active', workflow: '', search: '', dateFrom: '', dateTo: '' } as const;

export function hasClearableFilters(filters: GalleryFilterState): boolean {
  return (
    filters.status !== 'active' ||
    filters.workflow !== '' ||
    filters.search !== '' ||
    filters.dateFrom !== '' ||
    filters.dateTo !== ''
  );
}

/** Something besides the folder narrows the view: an empty view is then not an empty folder. */
export function narrowsBeyondFolder(filters: GalleryFilterState): boolean {
  return hasClearableFilters(filters) || filters.jobId !== null || filters.jobName !== '';
}
