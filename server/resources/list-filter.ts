import { coded } from '../errors.ts';
import type { ResourceSpec } from './define-resource.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';

/** At most this many records in one page, and values in one filter list. */
export const MAX_RANGE = 1000;

export const quoteIdentifier = (identifier: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(identifier)) throw new Error(`Bad identifier in a resource declaration: ${identifier}`);
  return `"${identifier}"`;
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a filter (checked by filterConditions) searches: a non-blank `q` or a text field's ILIKE. */
export function isSearch(spec: Pick<ResourceSpec, 'filterable' | 'q'>, filter: unknown): boolean {
  if (filter === null || typeof filter !== 'object') return false;
  return Object.entries(filter).some(
    ([field, value]) => typeof value === 'string' && value.trim() !== '' && ((field === 'q' && Boolean(spec.q?.length)) || (Object.hasOwn(spec.filterable, field) && spec.filterable[field] === 'ilike')),
  );
}

/**
 * The WHERE conditions of a simple-rest `filter={...}` over a declared resource, appending their
 * values to `params`. One builder for the list and for everything that must hold exactly the
 * list's rows (the findings export, issue 15).
 */
export function filterConditions(spec: Pick<ResourceSpec, 'columns' | 'filterable' | 'filterAliases' | 'q'>, filterRaw: unknown, params: unknown[]): string[] {
  if (filterRaw === null || typeof filterRaw !== 'object' || Array.isArray(filterRaw)) {
    throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter must be a JSON object');
  }
  const col = (field: string): string => quoteIdentifier(spec.columns[field]);
  const where: string[] = [];
  const listOf = (field: string, value: unknown): unknown[] => {
    const list = Array.isArray(value) ? value : [value];
    if (list.length > MAX_RANGE) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter may list at most ${MAX_RANGE} values for ${field}`);
    if (!list.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
      throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has a value of the wrong type for ${field}`);
    }
    return list;
  };
  const marks = (list: unknown[]): string =>
    list
      .map((v) => {
        params.push(v);
        return `$${params.length}`;
      })
      .join(', ');
  for (const [field, value] of Object.entries(filterRaw as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (field === 'id') {
      const ids = listOf(field, value).filter((v) => typeof v === 'string' && UUID.test(v)); // a malformed id matches nothing
      where.push(ids.length === 0 ? 'false' : `"id" IN (${marks(ids)})`);
    } else if (field === 'q' && spec.q?.length) {
      if (typeof value !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter q must be a string');
      if (value.trim() === '') continue;
      params.push(`%${escapeLike(value.trim())}%`);
      const n = params.length;
      where.push(`(${spec.q.map((f) => `${col(f)}::text ILIKE $${n}`).join(' OR ')})`);
    } else if (Object.hasOwn(spec.filterable, field) || Object.hasOwn(spec.filterAliases ?? {}, field)) {
      // Own keys only: `constructor` or `toString` are in every object, and are no field.
      // An alias filters a declared field with its own match (holderExact: holder, exactly).
      const alias = Object.hasOwn(spec.filterable, field) ? undefined : spec.filterAliases![field];
      const op = alias?.op ?? spec.filterable[field];
      const column = col(alias?.field ?? field);
      if (value === null) {
        where.push(`${column} IS NULL`);
      } else if (op === 'ilike') {
        if (typeof value !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter ${field} must be a string`);
        params.push(`%${escapeLike(value)}%`);
        where.push(`${column}::text ILIKE $${params.length}`);
      } else {
        const list = listOf(field, value);
        where.push(list.length === 0 ? 'false' : `${column} IN (${marks(list)})`);
      }
    } else {
      throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has an unknown field: ${field}`);
    }
  }
  return where;
}
