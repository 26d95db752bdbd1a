import type { GalleryStatus } from '@atelier/shared';

/**
 * What one gallery view asks the server for (SPEC section 3, Gallery filters, as query
 * parameters). `folder` undefined = every folder, '' = ungrouped, else a folder name.
 */
export interface GalleryQuery {
  status: GalleryStatus;
  folder?: string;
  job_id?: number;
  job_name?: string;
  workflow?: string;
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  tz: number;
  /** Only when the end of `dateTo` has another offset than `tz` (a clock change between). */
  tz_to?: number;
}

/** The part of a view the folder tiles are counted over (GET /folders takes no folder, job id or search). */
export function folderTileQuery(query: GalleryQuery): Partial<GalleryQuery> {
  const { status, job_name, workflow, dateFrom, dateTo, tz, tz_to } = query;
  const tiles: Partial<GalleryQuery> = { status, tz };
  if (job_name) tiles.job_name = job_name;
  if (workflow) tiles.workflow = workflow;
  if (dateFrom) tiles.dateFrom = dateFrom;
  if (dateTo) tiles.dateTo = dateTo;
  if (tz_to !== undefined) tiles.tz_to = tz_to;
  return tiles;
}
