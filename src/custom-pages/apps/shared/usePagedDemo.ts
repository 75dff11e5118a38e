import { useCallback, useEffect, useState } from 'react';
import type { Page, SortKey } from '../../../demo/apps-mock/types.ts';
import { getDemo, sendDemo } from './demo-api.ts';

export const PAGE_SIZES = [5, 10, 25];

/**
 * Term, single-key sort and paging of a paged demo call (datatable, contacts), and its writes.
 * A write answers the page without the term, so the screen asks again with it afterwards.
 */
export function usePagedDemo<T>(path: string, initialPageSize = 10) {
  const [term, setTermState] = useState('');
  const [sort, setSortState] = useState<SortKey | undefined>();
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const [pageIndex, setPageIndex] = useState(0);
  const [page, setPage] = useState<Page<T> | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [version, setVersion] = useState(0);

  const sortBy = sort ? [sort] : [];
  const sortKey = JSON.stringify(sortBy);

  useEffect(() => {
    let live = true;
    getDemo<Page<T>>(path, { term, sortBy: JSON.parse(sortKey), pageSize, pageIndex })
      .then((p) => {
        if (!live) return;
        // After a delete the current page may no longer exist: step back to the last one.
        if (p.pageIndex > 0 && p.pageIndex >= p.pageCount) setPageIndex(Math.max(0, p.pageCount - 1));
        else setPage(p);
        setError(undefined);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [path, term, sortKey, pageSize, pageIndex, version]);

  const write = useCallback(
    async (method: 'POST' | 'PUT' | 'DELETE', fields: Record<string, unknown>) => {
      await sendDemo<Page<T>>(method, path, { ...fields, sortBy: JSON.parse(sortKey), pageSize, pageIndex });
      setVersion((v) => v + 1);
    },
    [path, sortKey, pageSize, pageIndex],
  );

  return {
    page,
    error,
    term,
    setTerm: (t: string) => {
      setTermState(t);
      setPageIndex(0);
    },
    sort,
    /** Cycles a column: ascending, descending, unsorted. */
    toggleSort: (id: string) => {
      setSortState((s) => (s?.id !== id ? { id, desc: false } : s.desc ? undefined : { id, desc: true }));
      setPageIndex(0);
    },
    pageSize,
    setPageSize: (n: number) => {
      setPageSizeState(n);
      setPageIndex(0);
    },
    pageIndex,
    setPageIndex,
    write,
  };
}
