/**
 * Every cached job query lives under `['jobs']`, so a socket event or a mutation can reach all of
 * them: History's pages under `list`, one job under `detail`, its media under `results`. Any other
 * page of jobs kept under `['jobs']` (Recent Jobs) is updated by shape.
 */
export const jobQueryKeys = {
  all: ['jobs'] as const,
  lists: () => ['jobs', 'list'] as const,
  list: (params: object) => ['jobs', 'list', params] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  results: (id: number) => ['jobs', 'results', id] as const,
};
