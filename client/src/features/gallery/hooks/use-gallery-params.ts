import {
  FOLDER_NAME_MAX_CODE_POINTS,
  SEARCH_MAX_LENGTH,
  isCalendarDay,
  galleryStatusSchema,
  type GalleryStatus,
} from '@atelier/shared';
import { useParams, useSearchParams } from 'react-router-dom';
import type { GalleryQuery } from '../utils/gallery-query';
import { clipText } from '../../../lib/clip-text';

/** SPEC section 3, Gallery filters, as the screen holds them. folder null = none entered. */
export interface GalleryFilterState {
  folder: string | null;
  jobId: number | null;
  /** A job chosen by name in the filter bar (the route's job id is the other way). */
  jobName: string;
  workflow: string;
  search: string;
  dateFrom: string;
  dateTo: string;
  status: GalleryStatus;
}

type Editable = Omit<GalleryFilterState, 'jobId'>;

function readJobId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `Date.getTimezoneOffset()` at an instant: minutes, UTC minus local. */
export function localOffsetAt(instant: Date): number {
  return instant.getTimezoneOffset();
}

function dayParts(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

/** Local midnight starting `day` (YYYY-MM-DD), or `plusDays` later. */
function localMidnight(day: string, plusDays = 0): Date {
  const [y, m, d] = dayParts(day);
  // setFullYear, not the Date constructor, which reads years 0-99 as 1900-1999
  const midnight = new Date(0);
  midnight.setFullYear(y, m - 1, d + plusDays);
  midnight.setHours(0, 0, 0, 0);
  return midnight;
}

/** SPEC section 2: a job or job-name filter hides the folder tiles. */
export function hasJobFilter(filters: Pick<GalleryFilterState, 'jobId' | 'jobName'>): boolean {
  return filters.jobId !== null || filters.jobName !== '';
}

/**
 * What a view asks for. With no folder entered the page lists the ungrouped media under the
 * folder tiles, except under a job filter, where the tiles are hidden and every item of the job shows.
 */
export function toGalleryQuery(filters: GalleryFilterState, offsetAt = localOffsetAt): GalleryQuery {
  const folder = filters.folder ?? (hasJobFilter(filters) ? undefined : '');
  // each edge of the range at the offset of its own day: a clock change may lie between them
  const from = filters.dateFrom ? localMidnight(filters.dateFrom) : null;
  const to = filters.dateTo ? localMidnight(filters.dateTo, 1) : null;
  // before time zones were standardised, local time was the sun's: offsets such as 341.27 minutes
  // (Kathmandu before 1920), which the server, taking whole minutes, would refuse
  const offset = (instant: Date) => Math.round(offsetAt(instant));
  const tz = offset(from ?? to ?? new Date());
  const query: GalleryQuery = { status: filters.status, tz };
  if (to && offset(to) !== tz) query.tz_to = offset(to);
  if (folder !== undefined) query.folder = folder;
  if (filters.jobId !== null) query.job_id = filters.jobId;
  if (filters.jobName) query.job_name = filters.jobName;
  if (filters.workflow) query.workflow = filters.workflow;
  if (filters.search) query.search = filters.search;
  if (filters.dateFrom) query.dateFrom = filters.dateFrom;
  if (filters.dateTo) query.dateTo = filters.dateTo;
  return query;
}

/** `YYYY-MM-DD` of a day that exists, or '' (2026-02-30 and 'abc' are not days). */
function readDay(raw: string | null): string {
  // years 1-99 included: a year typed into a date field passes through 0002 on its way to 2026
  return raw && isCalendarDay(raw) ? raw : '';
}

/**
 * The gallery's filters live in the address (`/gallery/{jobId}?folder=&job=&workflow=&status=&search=&from=&to=`),
 * so the back button leaves a folder and a reload or a shared link shows the same view.
 */
export function useGalleryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { jobId } = useParams();
  const status = galleryStatusSchema.safeParse(searchParams.get('status'));
  // An address typed or cut short still shows a gallery: text is cut to what the server takes,
  // and a date that is no day is no filter.
  const text = (name: string, max = SEARCH_MAX_LENGTH) => clipText(searchParams.get(name) ?? '', max);
  const folder = searchParams.get('folder');
  const filters: GalleryFilterState = {
    // cut by code points, as the server counts a folder name's bound (a longer one names no folder)
    folder: folder === null ? null : Array.from(folder).slice(0, FOLDER_NAME_MAX_CODE_POINTS).join(''),
    jobId: readJobId(jobId),
    jobName: text('job'),
    workflow: text('workflow'),
    search: text('search'),
    dateFrom: readDay(searchParams.get('from')),
    dateTo: readDay(searchParams.get('to')),
    status: status.success ? status.data : 'active',
  };

  const update = (changes: Partial<Editable>, replace = false) => {
    const next = { ...filters, ...changes };
    const params = new URLSearchParams();
    if (next.folder !== null) params.set('folder', next.folder);
    if (next.jobName) params.set('job', next.jobName);
    if (next.workflow) params.set('workflow', next.workflow);
    if (next.status !== 'active') params.set('status', next.status);
    if (next.search) params.set('search', next.search);
    if (next.dateFrom) params.set('from', next.dateFrom);
    if (next.dateTo) params.set('to', next.dateTo);
    setSearchParams(params, { replace });
  };

  // /gallery/abc is no route of SPEC section 2: it goes to / like any other unknown path
  return { filters, update, unknownRoute: jobId !== undefined && filters.jobId === null };
}
