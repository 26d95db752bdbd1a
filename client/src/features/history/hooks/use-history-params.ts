import { HISTORY_PAGE_MAX, SEARCH_MAX_LENGTH, jobStatusSchema, type JobStatus } from '@atelier/shared';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clipText } from '../../../lib/clip-text';

export interface HistoryParams {
  status: JobStatus | undefined;
  search: string;
  page: number;
}

// An address typed or cut short still names a page and a search the server takes.
function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, HISTORY_PAGE_MAX) : 1;
}

function readParams(searchParams: URLSearchParams): HistoryParams {
  const status = jobStatusSchema.safeParse(searchParams.get('status'));
  return {
    status: status.success ? status.data : undefined,
    search: clipText(searchParams.get('search') ?? '', SEARCH_MAX_LENGTH),
    page: readPage(searchParams.get('page')),
  };
}

/**
 * The history filters live in the address (`?status=&search=&page=`), so coming back from a
 * job's page, reloading or sharing the link keeps them. A new filter starts again at page 1.
 */
export function useHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);

  // From the address as it is when the change lands, not as it was at the render that made this
  // function: the search box sends its text 300 ms later, by when the status may have changed (the
  // router's own functional form hands back that render's params too).
  const latest = useRef(searchParams);
  latest.current = searchParams;
  const update = (changes: Partial<HistoryParams>, replace = false) => {
    const next = { ...readParams(latest.current), page: 1, ...changes };
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.search) query.set('search', next.search);
    if (next.page > 1) query.set('page', String(next.page));
    setSearchParams(query, { replace });
  };

  return {
    params,
    setStatus: (value: JobStatus | undefined) => update({ status: value }),
    setSearch: (value: string) => update({ search: value }, true),
    setPage: (page: number, replace = false) => update({ page }, replace),
  };
}
