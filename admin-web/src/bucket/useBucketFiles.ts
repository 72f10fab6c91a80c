import { useMemo, useState } from 'react';
import type { BucketFile } from '../api/types';

export type SortField = 'key' | 'size' | 'lastModified';
export interface Sort {
  field: SortField;
  order: 'asc' | 'desc';
}

/**
 * Search, sort and paging of the whole bucket listing in the browser: the server sends every
 * key once (10,000 objects is a few hundred KB), and only one page of rows is rendered.
 */
export function useBucketView(files: BucketFile[], perPageDefault = 50) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>({ field: 'lastModified', order: 'desc' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(perPageDefault);

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = q ? files.filter((f) => f.key.toLowerCase().includes(q)) : [...files];
    const dir = sort.order === 'asc' ? 1 : -1;
    list.sort((a, b) => {
      const v =
        sort.field === 'key'
          ? a.key.localeCompare(b.key)
          : sort.field === 'size'
            ? a.size - b.size
            : new Date(a.lastModified).getTime() - new Date(b.lastModified).getTime();
      return v * dir || a.key.localeCompare(b.key);
    });
    return list;
  }, [files, query, sort]);

  const lastPage = Math.max(0, Math.ceil(filtered.length / perPage) - 1);
  const current = Math.min(page, lastPage);
  return {
    query,
    setQuery: (q: string) => {
      setQuery(q);
      setPage(0);
    },
    sort,
    toggleSort: (field: SortField) =>
      setSort((s) => ({ field, order: s.field === field && s.order === 'desc' ? 'asc' : 'desc' })),
    page: current,
    setPage,
    perPage,
    setPerPage: (n: number) => {
      setPerPage(n);
      setPage(0);
    },
    filtered,
    rows: filtered.slice(current * perPage, current * perPage + perPage),
  };
}
