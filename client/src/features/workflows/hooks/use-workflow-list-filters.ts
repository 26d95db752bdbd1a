import { useSearchParams } from 'react-router-dom';

export interface WorkflowListFilterState {
  search: string;
  category: string;
  favorites: boolean;
  tags: string[];
}

/** The workflow list's filters, kept in the address so a reload or a shared link keeps them. */
export function useWorkflowListFilters() {
  const [params, setParams] = useSearchParams();
  const filters: WorkflowListFilterState = {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    favorites: params.get('favorites') === 'true',
    tags: params.getAll('tag'),
  };
  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setOrDelete = (next: URLSearchParams, key: string, value: string) =>
    value ? next.set(key, value) : next.delete(key);

  return {
    filters,
    activeCount:
      (filters.search.trim() ? 1 : 0) + (filters.category ? 1 : 0) + (filters.favorites ? 1 : 0) + filters.tags.length,
    setSearch: (search: string) => update((next) => setOrDelete(next, 'search', search)),
    setCategory: (category: string) => update((next) => setOrDelete(next, 'category', category)),
    toggleFavorites: () => update((next) => setOrDelete(next, 'favorites', filters.favorites ? '' : 'true')),
    toggleTag: (tag: string) =>
      update((next) => {
        const tags = filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag];
        next.delete('tag');
        tags.forEach((t) => next.append('tag', t));
      }),
    clear: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
