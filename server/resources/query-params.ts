import { badRequest } from '../errors.ts';

/**
 * The query parameters of the ra-data-simple-rest contract (DESIGN 6) and of exports, parsed
 * once for every route: `sort`, `range`, `filter` as JSON, `format` for downloads.
 */

/** A JSON query parameter, or undefined when absent. */
export function jsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON`);
  }
}

/** `sort=["field","ASC"|"DESC"]` over the sortable fields; `fallback` when absent. */
export function sortParam(raw: unknown, sortable: readonly string[], fallback: readonly [string, string]): [string, 'ASC' | 'DESC'] {
  const sort = jsonParam('sort', raw);
  if (sort === undefined) return [fallback[0], fallback[1].toUpperCase() === 'DESC' ? 'DESC' : 'ASC'];
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    typeof sort[0] !== 'string' ||
    !sortable.includes(sort[0]) ||
    typeof sort[1] !== 'string' ||
    !['ASC', 'DESC'].includes(sort[1].toUpperCase())
  ) {
    throw badRequest(`The sort parameter must be ["field","ASC"|"DESC"] with field one of: ${sortable.join(', ')}`);
  }
  return [sort[0], sort[1].toUpperCase() as 'ASC' | 'DESC'];
}

/** `range=[start,end]` (inclusive, at most `max` long); null when absent. */
export function rangeParam(raw: unknown, max = 1000): [number, number] | null {
  const range = jsonParam('range', raw);
  if (range === undefined) return null;
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[0] > range[1]) {
    throw badRequest('The range parameter must be [start,end]: two non-negative integers with start <= end');
  }
  if (range[1] - range[0] + 1 > max) throw badRequest(`The range parameter may span at most ${max} records`);
  return range as [number, number];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `format=csv|xlsx` for exports; csv when absent. */
export function formatParam(raw: unknown): 'csv' | 'xlsx' {
  const format = raw ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw badRequest('The format parameter must be csv or xlsx');
  return format;
}
