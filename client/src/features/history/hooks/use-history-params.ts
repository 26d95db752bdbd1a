import { jobStatusSchema, type JobStatus } from '@atelier/shared';
import { useSearchParams } from 'react-router-dom';

export interface HistoryParams {
  status: JobStatus | undefined;
  search: string;
  page: number;
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The history filters live in the address (`?status=&search=&page=`), so coming back from a
 * job's page, reloading or sharing the link keeps them. A new filter starts again at page 1.
 */
export function useHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = jobStatusSchema.safeParse(searchParams.get('status'));
  const params: HistoryParams = {
    status: status.success ? status.data : undefined,
    search: searchParams.get('search') ?? '',
    page: readPage(searchParams.get('page')),
  };

  const update = (changes: Partial<HistoryParams>, replace = false) => {
    const next = { ...params, page: 1, ...changes };
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
    setPage: (page: number) => update({ page }),
  };
}
