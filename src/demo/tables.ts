import { PERIOD_TABLES } from '../../contracts/period-tables.ts';
import { codedError, contentRange, filterOf, json, notInDemo, parseJson } from './answers.ts';
import type { DemoContext } from './context.ts';
import { DEMO_SYSTEM_PERIOD_ID } from './seed.ts';

type Row = Record<string, unknown>;

/** Rows matching the list filter: `q` searches every text column, other keys name a column (any case). */
function filterRows(rows: Row[], filter: Record<string, unknown>): Row[] {
  let out = rows;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      const needle = String(value).trim().toLowerCase();
      out = out.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));
    } else out = out.filter((r) => String(r[key.toUpperCase()]) === String(value));
  }
  return out;
}

function sortRows(rows: Row[], sort: unknown): Row[] {
  if (!Array.isArray(sort)) return rows;
  const f = String(sort[0]).toUpperCase();
  const dir = String(sort[1]).toUpperCase() === 'DESC' ? -1 : 1;
  return [...rows].sort((a, b) => (String(a[f] ?? '') < String(b[f] ?? '') ? -dir : String(a[f] ?? '') > String(b[f] ?? '') ? dir : 0));
}

/** `GET /api/system-periods/:id/tables[/:table]`: the SAP tables of the sample period, by SAP column names. */
export function periodTables(ctx: DemoContext, periodId: string, table: string | undefined, q: URLSearchParams): Response {
  if (periodId !== DEMO_SYSTEM_PERIOD_ID) return codedError(404, 'SYSTEM_PERIOD_NOT_FOUND', { id: periodId }, `No system period ${periodId}`);
  if (table === undefined) {
    return json(PERIOD_TABLES.map((t) => ({ table: t.sapName, rows: (ctx.extract[t.key] as unknown[]).length, columns: t.columns.map((c) => c.column.toUpperCase()) })));
  }
  const spec = PERIOD_TABLES.find((t) => t.sapName === table.toUpperCase());
  if (!spec) return codedError(404, 'SAP_TABLE_UNKNOWN', { table }, `No SAP table ${table} in a system period`);
  const all = (ctx.extract[spec.key] as unknown as Row[]).map((r) => Object.fromEntries(spec.columns.map((c) => [c.column.toUpperCase(), r[c.field] ?? null])));
  const rows = sortRows(filterRows(all, filterOf(q)), parseJson(q.get('sort')));
  const range = parseJson(q.get('range')) as [number, number] | undefined;
  const [start, end] = Array.isArray(range) ? [Number(range[0]), Number(range[1])] : [0, 24];
  // Rows numbered by their place, as the server does (react-admin lists need an id).
  const page = rows.slice(start, end + 1).map((r, i) => ({ id: start + i, ...r }));
  return json(page, 200, { 'Content-Range': contentRange(spec.sapName, start, page.length, rows.length) });
}

/** `/api/system-periods/:id/basis…`: the status reads "never ran"; running the checks needs the server. */
export function basisChecks(method: string, rest: readonly string[]): Response {
  if (method === 'GET' && rest.length === 0) {
    return json({ ran: false, ranAt: null, ranBy: null, analysisDate: null, findings: 0, durationMs: null, stale: false, checks: [] });
  }
  return notInDemo('basis checks run on the server');
}
