import type { ResourceSpec } from './define-resource.ts';
import { quoteIdentifier as quote } from './list-filter.ts';

/*
 * A list page the database writes as JSON text (`pageAsJson`, issue 11): sent as it comes, no row
 * parsing nor JSON.stringify per field, its total in the same statement when not cached.
 */

/**
 * The select list of one row as its API record (`pageAsJson`), fields in the order of
 * `columns`, for row_to_json: compact JSON, as JSON.stringify of the driver's row writes it
 * (json_build_object would put a space on each side of every colon), but for the text of a jsonb
 * value, which keeps the database's spaces (the same values); null when not asked for. Column
 * types are held to what both agree on by tests/server/resources/json-page-columns.test.ts.
 */
export function jsonFieldsOf(spec: ResourceSpec): string | null {
  if (!spec.pageAsJson) return null;
  const timestamps = new Set(spec.jsonTimestamps ?? []);
  return Object.entries(spec.columns)
    .map(([field, column]) => {
      const value = `${quote(spec.table)}.${quote(column)}`;
      const json = timestamps.has(field) ? `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : value;
      return `${json} AS "${field.replace(/"/g, '')}"`;
    })
    .join(', ');
}

/**
 * The statement of one page: its records as one JSON array (row_to_json of each, joined by
 * commas: json_agg would put a line break between them) in `order` (qualified by the table: the
 * record's fields may share a column's name), its length, and the total when `countSql` is given.
 */
export function jsonPageSql(a: { table: string; fields: string; limited: string; order: string; countSql?: string }): string {
  const total = a.countSql ? `, (${a.countSql}) AS total` : '';
  return `SELECT coalesce('[' || string_agg(row_to_json(rec)::text, ',' ORDER BY ${a.order}) || ']', '[]') AS records, count(*)::int AS length${total} FROM ${a.limited} CROSS JOIN LATERAL (SELECT ${a.fields}) AS rec`;
}
