import type { Page, SortKey } from '../types.ts';
import { intParam, sortByParam, type Params } from './params.ts';

export const DEFAULT_PAGE_SIZE = 10;

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Sales and stock are strings of digits: compare numerically where both are numbers.
  return String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true });
}

/**
 * Spec section 9: sorting applies only for a single sort key, ascending unless desc is true.
 * The sort is stable, so equal values keep their stored order.
 */
export function sortRows<T>(rows: readonly T[], sortBy: readonly SortKey[]): T[] {
  if (sortBy.length !== 1) return [...rows];
  const [{ id, desc }] = sortBy;
  const direction = desc === true ? -1 : 1;
  return [...rows].sort(
    (x, y) => direction * compare((x as Record<string, unknown>)[id], (y as Record<string, unknown>)[id]),
  );
}

/** The page answer: pageCount is the filtered count over pageSize rounded up; pageIndex is zero-based. */
export function pageOf<T>(rows: readonly T[], pageSize: number, pageIndex: number): Page<T> {
  const size = pageSize > 0 ? pageSize : DEFAULT_PAGE_SIZE;
  return {
    pageSize: size,
    pageIndex,
    pageCount: Math.ceil(rows.length / size),
    items: rows.slice(pageIndex * size, (pageIndex + 1) * size),
  };
}

/** Sorts and pages already filtered rows with the call's sortBy, pageSize and pageIndex. */
export function sortedPage<T>(rows: readonly T[], params: Params): Page<T> {
  return pageOf(
    sortRows(rows, sortByParam(params.sortBy)),
    intParam(params.pageSize, DEFAULT_PAGE_SIZE),
    intParam(params.pageIndex, 0),
  );
}
