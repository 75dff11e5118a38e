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
