/** What a history row hands the job page in the router state: the history's own query string. */
export interface HistoryReturn {
  historySearch: string;
}

/**
 * The query string to go back to the history with: the one a history row handed over, or none
 * (opened from the queue, a link or a reload). Only a query string passes, so the state cannot
 * point the back link anywhere but the history.
 */
export function historyReturnSearch(state: unknown): string {
  const search = (state as Partial<HistoryReturn> | null)?.historySearch;
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? search : '';
}
