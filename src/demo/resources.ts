import { contentRange, error, json, parseJson, recordNotFound } from './answers.ts';
import { findRecord, type DemoContext } from './context.ts';
import { dropFindings, userTypesOf } from './findings.ts';
import { reapplyDemoMitigations } from './mitigations.ts';
import { DEMO_CUSTOMER_ID } from './seed.ts';

/** The simple-rest resources the demo stores (server/modules/* resource names). */
export const DEMO_RESOURCES = [
  'customers',
  'cors-entries',
  'licences',
  'systems',
  'app-users',
  'groups',
  'departments',
  'audit-log',
  'system-periods',
  'risk-periods',
  'risks',
  'functions',
  'analyses',
  'findings',
  'risk-acceptances',
  'risk-deactivations',
  'sql-queries',
  'basis-findings',
  // A change re-applies them to the demo findings, as on the server (issue 16).
  'mitigating-controls',
  'mitigations',
] as const;

export const isDemoResource = (name: string): boolean => (DEMO_RESOURCES as readonly string[]).includes(name);

/** Fields filtered by "contains, any case" like the server's `ilike` filters. */
const TEXT_FILTERS = new Set(['name', 'holder', 'username', 'fullName', 'email', 'origin', 'sid', 'vkn', 'actorEmail', 'description']);

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `filter={…}` of simple-rest as a fakerest filter: empty values dropped, text fields matched by substring. */
export function toFakerestFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (key === 'holderExact') out.holder = value; // the server's exact holder filter (issue 15)
    else if (typeof value === 'string' && TEXT_FILTERS.has(key)) out[`${key}_q`] = escapeRegex(value.trim());
    else if (key === 'q' && typeof value === 'string') out.q = value.trim();
    else out[key] = value;
  }
  return out;
}

/**
 * A user acceptance names the user's SAP user type, as the server's (issue 27 item 6); the demo
 * has one system period, whose USR02 every analysis (the default one too) reads.
 */
function withUserTypes<T extends Record<string, unknown>>(ctx: DemoContext, resource: string, rows: T[]): T[] {
  if (resource !== 'risk-acceptances') return rows;
  const typeOf = userTypesOf(ctx.extract);
  return rows.map((r) => ({ ...r, userType: r.scope === 'user' ? typeOf({ level: 'USER', holder: String(r.holder) }) : null }));
}

async function listRecords(ctx: DemoContext, resource: string, q: URLSearchParams): Promise<Response> {
  const sort = parseJson(q.get('sort')) as [string, string] | undefined;
  const range = parseJson(q.get('range')) as [number, number] | undefined;
  const filter = (parseJson(q.get('filter')) ?? {}) as Record<string, unknown>;
  const [start, end] = Array.isArray(range) && range.length === 2 ? [Number(range[0]), Number(range[1])] : [0, 9999];
  const perPage = end - start + 1;
  // fakerest pages by page number; a range that is not a whole page is cut from the first pages.
  const exact = start % perPage === 0;
  const { data, total } = await ctx.provider.getList(resource, {
    pagination: exact ? { page: start / perPage + 1, perPage } : { page: 1, perPage: end + 1 },
    sort: { field: Array.isArray(sort) ? String(sort[0]) : 'id', order: Array.isArray(sort) && String(sort[1]).toUpperCase() === 'DESC' ? 'DESC' : 'ASC' },
    filter: toFakerestFilter(filter),
  });
  const rows = withUserTypes(ctx, resource, exact ? data : data.slice(start));
  const count = total ?? rows.length;
  return json(rows, 200, { 'Content-Range': contentRange(resource, start, rows.length, count), 'Access-Control-Expose-Headers': 'Content-Range' });
}

/** Resources whose change changes findings' status, as on the server (DESIGN 5.16; issue 27: deactivations). */
const STATUS_RESOURCES = new Set(['mitigating-controls', 'mitigations', 'risk-deactivations']);

/** A simple-rest call on one of DEMO_RESOURCES: list, create, read, update or delete; a changed mitigation, control or deactivation re-applies the findings' status. */
export async function restResource(
  ctx: DemoContext,
  method: string,
  resource: string,
  id: string | undefined,
  q: URLSearchParams,
  body: unknown,
  actor: string,
): Promise<Response> {
  const answer = await storeResource(ctx, method, resource, id, q, body, actor);
  if (method !== 'GET' && answer.ok && STATUS_RESOURCES.has(resource)) await reapplyDemoMitigations(ctx);
  return answer;
}

async function storeResource(
  ctx: DemoContext,
  method: string,
  resource: string,
  id: string | undefined,
  q: URLSearchParams,
  body: unknown,
  actor: string,
): Promise<Response> {
  const p = ctx.provider;
  if (method === 'GET' && id === undefined) return listRecords(ctx, resource, q);
  if (method === 'POST' && id === undefined) {
    if (resource === 'findings' || resource === 'audit-log') return error(405, 'This resource is read-only');
    const stamp = ctx.now().toISOString();
    const data = { ...(body as object), id: crypto.randomUUID(), customerId: DEMO_CUSTOMER_ID, createdAt: stamp, updatedAt: stamp, createdBy: actor };
    const { data: created } = await p.create(resource, { data });
    return json(created, 201);
  }
  if (id === undefined) return error(405, `${method} is not allowed here`);
  const previous = await findRecord(ctx, resource, id);
  if (!previous) return recordNotFound(resource, String(id));
  if (method === 'GET') return json(previous);
  if (method === 'PUT' || method === 'PATCH') {
    const data = { ...previous, ...(body as object), id, updatedAt: ctx.now().toISOString() };
    const { data: updated } = await p.update(resource, { id, data, previousData: previous });
    return json(updated);
  }
  if (method === 'DELETE') {
    if (resource === 'analyses' && previous.status === 'running') return error(409, 'The analysis is running; cancel it first', 'ANALYSIS_RUNNING');
    await p.delete(resource, { id, previousData: previous });
    if (resource === 'analyses') await dropFindings(ctx, id);
    return json(previous);
  }
  return error(405, `${method} is not allowed here`);
}
