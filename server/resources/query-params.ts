import type { FastifyReply } from 'fastify';
import { contentRange, filterSchema, rangeSchema, sortSchema } from '../../contracts/paging.ts';
import { coded } from '../errors.ts';

/**
 * The query parameters of the ra-data-simple-rest contract (DESIGN 6) and of exports, parsed
 * once for every route: `sort`, `range`, `filter` as JSON (their shapes: contracts/paging.ts),
 * `format` for downloads; and the Content-Range a page answers with.
 */

/** A JSON query parameter, or undefined when absent. */
export function jsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: name }, `The ${name} parameter must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw coded(400, 'PARAMETER_INVALID', { parameter: name }, `The ${name} parameter is not valid JSON`);
  }
}

/** `sort=["field","ASC"|"DESC"]` over the sortable fields; `fallback` when absent. */
export function sortParam(raw: unknown, sortable: readonly string[], fallback: readonly [string, string]): [string, 'ASC' | 'DESC'] {
  const sort = jsonParam('sort', raw);
  if (sort === undefined) return [fallback[0], fallback[1].toUpperCase() === 'DESC' ? 'DESC' : 'ASC'];
  const parsed = sortable.length > 0 ? sortSchema(sortable as [string, ...string[]]).safeParse(sort) : undefined;
  if (!parsed?.success) {
    throw coded(400, 'PARAMETER_INVALID', { parameter: 'sort' }, `The sort parameter must be ["field","ASC"|"DESC"] with field one of: ${sortable.join(', ')}`);
  }
  return parsed.data;
}

/** `range=[start,end]` (inclusive, at most `max` long); null when absent. */
export function rangeParam(raw: unknown, max = 1000): [number, number] | null {
  const range = jsonParam('range', raw);
  if (range === undefined) return null;
  const parsed = rangeSchema.safeParse(range);
  if (!parsed.success) {
    throw coded(400, 'PARAMETER_INVALID', { parameter: 'range' }, 'The range parameter must be [start,end]: two non-negative integers with start <= end');
  }
  const [start, end] = parsed.data;
  if (end - start + 1 > max) throw coded(400, 'PARAMETER_INVALID', { parameter: 'range' }, `The range parameter may span at most ${max} records`);
  return [start, end];
}

/** `filter={…}` as a JSON object; `{}` when absent. */
export function filterParam(raw: unknown): Record<string, unknown> {
  const parsed = filterSchema.safeParse(jsonParam('filter', raw) ?? {});
  if (!parsed.success) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter must be a JSON object');
  return parsed.data;
}

/** The page's Content-Range (contracts/paging.ts), readable by the browser's script across origins. */
export function sendContentRange(reply: FastifyReply, resource: string, start: number, count: number, total: number): void {
  reply.header('Content-Range', contentRange(resource, start, count, total));
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `format=csv|xlsx` for exports; csv when absent. */
export function formatParam(raw: unknown): 'csv' | 'xlsx' {
  const format = raw ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw coded(400, 'PARAMETER_INVALID', { parameter: 'format' }, 'The format parameter must be csv or xlsx');
  return format;
}
