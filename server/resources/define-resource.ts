import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ALSO_READ_BY } from '../auth/page-reads.ts';
import { isUuid } from '../../contracts/ids.ts';
import { pageAllows, type PageOperation } from '../../contracts/pages.ts';
import type { RequestUser, Role } from '../auth/roles.ts';
import type { Database } from '../db/database.ts';
import { documentationOnly, resourceSchemas } from '../docs/openapi.ts';
import { AppError, fieldsInvalid, bodyNotObject, coded, invalidInput, pageForbidden, recordNotFound, roleForbidden } from '../errors.ts';
import { countCacheOf } from './count-cache.ts';
import { keptIds, pageOfKept } from './kept-search.ts';
import { resolveTenant } from '../platform/resource/tenant.ts';
import { filterConditions, isSearch, MAX_RANGE, quoteIdentifier as quote } from './list-filter.ts';
import { jsonFieldsOf, jsonPageSql } from './json-page.ts';
import type { KeptPage } from './kept-pages.ts';
import { jsonParam, rangeParam, sendContentRange, sortParam } from './query-params.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declared resource a route serves, and its group page key. */
    resource?: string;
    page?: string;
  }
}

/** How a filterable field matches: equality, case-insensitive substring, or one of a list. */
export type FilterOp = 'eq' | 'ilike' | 'in';

/** What a handler knows about the call: who calls, and the customer the call is scoped to. */
export interface ResourceContext {
  user: RequestUser;
  /** The tenant of the call; null only for a SuperAdmin without `X-Customer-Id` (all customers). */
  customerId: string | null;
}

/**
 * A REST resource declared once (DESIGN 6, ra-data-simple-rest). Identifiers (table, columns)
 * come only from here, never from the request.
 */
export interface ResourceSpec {
  /** URL segment: `/api/<name>`. */
  name: string;
  table: string;
  /** API field (camelCase) → database column. Must contain `id` (a uuid column). */
  columns: Record<string, string>;
  /** OpenAPI schemas of API fields with a fixed shape (e.g. an analysis's warnings); the others are listed without one. */
  fieldSchemas?: Record<string, Record<string, unknown>>;
  /** Validates a POST body; its output keys are API fields. Unknown keys must be stripped. */
  createSchema: z.ZodType<Record<string, unknown>>;
  /** Validates a PUT body (ra sends the whole record); unknown keys must be stripped. */
  updateSchema: z.ZodType<Record<string, unknown>>;
  /** API fields allowed in `sort`. */
  sortable: string[];
  /** Default order when `sort` is absent; `id ASC` otherwise. */
  defaultSort?: [string, 'ASC' | 'DESC'];
  /** API fields allowed in `filter`, with how they match. `id` (getMany) is always allowed. */
  filterable: Record<string, FilterOp>;
  /**
   * More filter keys on an API field already declared, with another match: e.g.
   * `holderExact: { field: 'holder', op: 'eq' }` beside `holder: 'ilike'` (issue 15).
   */
  filterAliases?: Record<string, { field: string; op: FilterOp }>;
  /** API fields searched (ILIKE, any of them) by `filter={"q":"…"}`. */
  q?: string[];
  /** Rows carry `customer_id` and are confined to the caller's customer. */
  tenantScoped: boolean;
  /**
   * Roles allowed to read and to write. `page` is the group page key (contracts/pages.ts):
   * a `User` then also needs its group's flag there — any flag to read, `add` to create,
   * `update` to update, `delete` to delete. A `User` whose token carries no page permissions
   * at all (no group) is not page-gated on reads; writes always need the flag.
   */
  access: { read: Role[]; write: Role[]; page?: string };
  /** Database columns (not API fields) stamped with now() on update, e.g. `updated_at`. */
  touchOnUpdate?: string[];
  /** Extra API fields set by the server on create/update (e.g. modifiedBy). */
  stamp?: (ctx: ResourceContext, op: 'create' | 'update') => Record<string, unknown>;
  /** Message of the 409 on a unique-constraint violation. */
  conflictMessage?: string;
  /** The code of that answer, when the resource has one of its own (else RECORD_EXISTS naming the resource). */
  conflictCode?: 'SYSTEM_EXISTS' | 'RISK_PERIOD_EXISTS' | 'EMAIL_EXISTS';
  /**
   * Which writes the resource offers; all by default. Reads (list, get) always exist. `custom`:
   * the module registers that route itself (e.g. a create that enqueues a job).
   */
  operations?: { create?: boolean | 'custom'; update?: boolean; delete?: boolean };
  /**
   * Checks that what a validated create/update names exists (e.g. a risk's functions), after
   * the access check; answers field errors (a 400) or nothing. `record` is the stored record on
   * update.
   */
  checkReferences?: (
    db: Database,
    data: Record<string, unknown>,
    ctx: ResourceContext,
    record?: Record<string, unknown>,
  ) => Promise<Record<string, string> | undefined>;
  /** Adds derived fields to the records a list or get answers (e.g. a finding's names); the page only. */
  decorate?: (db: Database, records: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** The OpenAPI schemas of the fields `decorate` adds (they are no columns, so fieldSchemas cannot name them). */
  decoratedFields?: Record<string, Record<string, unknown>>;
  /**
   * Fields that are stored but never documented nor answered (a password hash): the OpenAPI
   * document leaves them out of the record and of the bodies; the resource's routes strip them.
   */
  secretFields?: readonly string[];
  /** Runs inside the delete transaction, after the row was found in scope; throw to refuse. */
  beforeDelete?: (db: Database, id: string, ctx: ResourceContext) => Promise<void>;
  /**
   * Large lists of wide rows: a page picks its ids first (an index-only scan where an index
   * holds the filter and the order) and reads the full rows of those ids only (a deferred join),
   * instead of sorting every matching wide row to skip the offset.
   */
  pageByIds?: boolean;
  /**
   * The database writes a page as JSON text, sent as it comes, with its total in the same
   * statement when that is not cached: no row parsing nor JSON.stringify per field, one round
   * trip (issue 11). Only for resources without `decorate` whose columns need no conversion on
   * the way out but the timestamps named in `jsonTimestamps`.
   */
  pageAsJson?: boolean;
  /**
   * With `pageAsJson`: pages are kept by the API node while it hears every write to the table
   * (kept-pages.ts; the findings: issue 12, many auditors paging one analysis).
   */
  keepPages?: boolean;
  /**
   * With `pageAsJson`: the API fields whose columns are `timestamptz`. The database writes them as
   * Date#toISOString writes the driver's Date (UTC, milliseconds truncated, as both drivers
   * parse the fraction); its own JSON of a timestamp would keep the microseconds and the zone.
   */
  jsonTimestamps?: string[];
}

// Re-exported: the modules that check ids import it from here.
export { isUuid };

const TENANT_COLUMN = 'customer_id';

/** Registered declarations, by name. */
export const resources = new Map<string, ResourceSpec>();

/** Turns database errors the client caused into API errors; others go on as 500. */
function mapDbError(e: unknown, spec: ResourceSpec, op: 'read' | 'write' | 'delete'): never {
  const code = (e as { code?: string } | null)?.code;
  if (code === '23505') {
    throw coded(409, spec.conflictCode ?? 'RECORD_EXISTS', spec.conflictCode ? {} : { resource: spec.name }, spec.conflictMessage ?? `A ${spec.name} record with these values already exists`);
  }
  if (code === '23503') {
    if (op === 'delete') throw coded(409, 'IN_USE', {}, 'The record is still in use and cannot be deleted');
    throw coded(400, 'REFERENCE_MISSING', {}, 'A referenced record does not exist');
  }
  // PGlite checks a parameter against its column's type before the database sees it, and its error has no code.
  const pgliteType = code === undefined && e instanceof Error && /^Invalid input for [a-z ]+ type$/.test(e.message);
  if (pgliteType || code === '22P02' || code === '22007' || code === '22008' || code === '22003' || code === '23502' || code === '23514') {
    throw op === 'read' ? coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter has a value of the wrong type') : coded(400, 'VALUE_INVALID', {}, 'A value is not valid');
  }
  throw e;
}

/**
 * Who calls and for which customer, after checking the caller's role and group page for the
 * operation on the resource. Custom routes of a resource (uploads, actions) use it too, so
 * they are gated exactly like its CRUD routes.
 */
export async function resourceContext(db: Database, spec: ResourceSpec, request: FastifyRequest, op: PageOperation): Promise<ResourceContext> {
  const user = request.user;
  const mode = op === 'read' ? 'read' : 'write';
  if (!spec.access[mode].includes(user.role)) throw roleForbidden(user.role, `Your role may not ${mode} ${spec.name}`);
  const page = spec.access.page;
  if (page && user.role === 'User') {
    const permissions = user.permissions ?? {};
    const gated = op !== 'read' || Object.keys(permissions).length > 0;
    const allows = (key: string): boolean => pageAllows(Object.hasOwn(permissions, key) ? permissions[key] : undefined, op);
    if (gated && !allows(page) && !(op === 'read' && (ALSO_READ_BY[spec.name] ?? []).some(allows))) {
      throw pageForbidden(page, `Your group may not ${op === 'read' ? 'view' : op} on the page ${page}`);
    }
  }
  if (!spec.tenantScoped) return { user, customerId: user.customerId };
  return { user, customerId: await resolveTenant(db, request) };
}

/** The SELECT list that reads a resource's rows as API records (columns renamed to fields). */
export function recordSelect(spec: Pick<ResourceSpec, 'columns'>): string {
  return Object.entries(spec.columns)
    .map(([field, column]) => `${quote(column)} AS "${field.replace(/"/g, '')}"`)
    .join(', ');
}

/** Declares the resource: GET list/one, POST, PUT, DELETE under /api/<name>, all behind authentication. */
export function defineResource(app: FastifyInstance, spec: ResourceSpec, deps: { db: Database }): void {
  const { db } = deps;
  if (spec.columns.id !== 'id') throw new Error(`Resource ${spec.name}: columns.id must map to id`);
  for (const f of [...spec.sortable, ...Object.keys(spec.filterable), ...Object.values(spec.filterAliases ?? {}).map((a) => a.field), ...(spec.q ?? []), ...(spec.defaultSort ? [spec.defaultSort[0]] : [])]) {
    if (!(f in spec.columns)) throw new Error(`Resource ${spec.name}: unknown field ${f}`);
  }
  if (spec.pageAsJson && spec.decorate) throw new Error(`Resource ${spec.name}: pageAsJson pages cannot be decorated`);
  // Only the findings' writes are heard (migration 0029): another table's pages could outlive a write.
  if (spec.keepPages && (!spec.pageAsJson || spec.table !== 'findings')) throw new Error(`Resource ${spec.name}: only pageAsJson pages of the findings are kept`);
  for (const f of spec.jsonTimestamps ?? []) if (!(f in spec.columns) || !spec.pageAsJson) throw new Error(`Resource ${spec.name}: jsonTimestamps field ${f} is not a column of a pageAsJson resource`);
  resources.set(spec.name, spec);
  const table = quote(spec.table);
  const col = (field: string): string => quote(spec.columns[field]);
  const selectList = recordSelect(spec);
  const jsonFields = jsonFieldsOf(spec);
  const tenantField = Object.entries(spec.columns).find(([, c]) => c === TENANT_COLUMN)?.[0];
  // Fields a client never sets: the id, the tenant, and the timestamps the server keeps.
  const protectedFields = new Set(['id', 'createdAt', 'updatedAt', ...(tenantField ? [tenantField] : [])]);
  const base = `/api/${spec.name}`;

  const toRecord = (row: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
    return out;
  };

  const context = (request: FastifyRequest, op: PageOperation): Promise<ResourceContext> => resourceContext(db, spec, request, op);

  /** WHERE conditions confining a statement to the context's customer. */
  const scope = (ctx: ResourceContext, params: unknown[]): string[] => {
    if (!spec.tenantScoped || ctx.customerId === null) return [];
    params.push(ctx.customerId);
    return [`${quote(TENANT_COLUMN)} = $${params.length}`];
  };

  function writableValues(data: Record<string, unknown>, ctx: ResourceContext, op: 'create' | 'update'): [string, unknown][] {
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data)) if (k in spec.columns && !protectedFields.has(k) && v !== undefined) values[k] = v;
    Object.assign(values, spec.stamp?.(ctx, op) ?? {});
    return Object.entries(values).map(([k, v]) => [spec.columns[k], v]);
  }

  function validate(schema: z.ZodType<Record<string, unknown>>, body: unknown): Record<string, unknown> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bodyNotObject();
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    return parsed.data;
  }

  async function checkReferences(data: Record<string, unknown>, ctx: ResourceContext, record?: Record<string, unknown>): Promise<void> {
    const errors = await spec.checkReferences?.(db, data, ctx, record);
    if (errors && Object.keys(errors).length > 0) throw fieldsInvalid(errors);
  }

  async function findOne(ctx: ResourceContext, id: string, runner: Database = db, lock = false): Promise<Record<string, unknown>> {
    if (!isUuid(id)) throw recordNotFound(spec.name, id);
    const params: unknown[] = [id];
    const where = ['"id" = $1', ...scope(ctx, params)];
    const { rows } = await runner.query<Record<string, unknown>>(
      `SELECT ${selectList} FROM ${table} WHERE ${where.join(' AND ')}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    if (rows.length === 0) throw recordNotFound(spec.name, id);
    return toRecord(rows[0]);
  }

  const auth = { preHandler: app.authenticate, config: { resource: spec.name, page: spec.access.page } };
  const counts = countCacheOf(db);
  const keptPages = app.keptPages;

  // After any write through this resource its list totals are counted afresh.
  const write = { ...auth, onResponse: async () => counts.invalidate(spec.table) };
  // OpenAPI metadata only (server/docs): validation stays with zod and the handlers below.
  const docs = resourceSchemas(spec);

  app.get(base, { ...auth, ...documentationOnly(docs.list) }, async (request: FastifyRequest, reply: FastifyReply) => {
    // Before anything of the list is read (a search's kept ids): a page resting on what a write
    // heard later outdates is not kept (kept-pages.ts).
    const generation = keptPages.generation;
    const ctx = await context(request, 'read');
    const query = (request.query ?? {}) as Record<string, unknown>;

    // sort=["field","ASC"], range=[start,end] (inclusive)
    const [sortField, sortOrder] = sortParam(query.sort, spec.sortable, spec.defaultSort ?? ['id', 'ASC']);
    const [start, end] = rangeParam(query.range, MAX_RANGE) ?? [0, MAX_RANGE - 1];

    // filter={...}
    const params: unknown[] = [];
    const filter = jsonParam('filter', query.filter) ?? {};
    const where = [...scope(ctx, params), ...filterConditions(spec, filter, params)];
    // A search of a list paged by ids reads all its rows to count them: that count is kept (count-cache.ts).
    const scans = Boolean(spec.pageByIds) && isSearch(spec, filter);
    const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const orderIn = (prefix: string): string =>
      sortField === 'id' ? `${prefix}"id" ${sortOrder}` : `${prefix}${col(sortField)} ${sortOrder} NULLS LAST, ${prefix}"id" ${sortOrder}`;
    const order = orderIn('');
    const countSql = `SELECT count(*)::int AS total FROM ${table}${whereSql}`;
    const pageFrom = spec.pageByIds
      ? `${table} JOIN (SELECT "id" AS page_id FROM ${table}${whereSql} ORDER BY ${order} LIMIT ${end - start + 1} OFFSET ${start}) AS page ON page.page_id = ${table}."id"`
      : null;
    // A search's ids, kept in order (count-cache.ts): the page is its slice, read by id.
    let kept: string[] | null = null;
    try {
      if (scans) kept = await keptIds({ db, counts, table: spec.table, sql: table }, whereSql, order, params);
    } catch (e) {
      // A value of the wrong type for the column (a malformed uuid) is the caller's: 400, as for any list.
      mapDbError(e, spec, 'read');
    }
    const keptPage = kept ? pageOfKept(table, whereSql, params, kept.slice(start, end + 1)) : null;
    const contentRange = (length: number, total: number): void => sendContentRange(reply, spec.name, start, length, total);

    if (jsonFields) {
      // The list's key holds the tenant's conditions and their parameters (kept-pages.ts).
      const listKey = spec.keepPages ? `${spec.table}\u0000${whereSql}\u0000${order}\u0000${JSON.stringify(params)}` : null;
      type JsonPage = { records: string; length: number; total?: number };
      /** The page as the database writes it (`pageAsJson`), with the list's total. */
      const readPage = async (): Promise<KeptPage> => {
        if (kept && keptPage) {
          const { rows } = await db.query<JsonPage>(
            jsonPageSql({ table, fields: jsonFields, limited: `(SELECT * FROM ${keptPage.from}) AS ${table}`, order: orderIn(`${table}.`) }),
            keptPage.params,
          );
          return { records: rows[0].records, length: Number(rows[0].length), total: kept.length };
        }
        const limited = pageFrom ?? `(SELECT * FROM ${table}${whereSql} ORDER BY ${order} LIMIT ${end - start + 1} OFFSET ${start}) AS ${table}`;
        const pageSql = (withTotal: boolean) =>
          jsonPageSql({ table, fields: jsonFields, limited, order: orderIn(`${table}.`), countSql: withTotal ? countSql : undefined });
        let page: Promise<{ rows: JsonPage[] }> | undefined;
        // A total counted or being counted for the same filter is shared (count-cache.ts);
        // otherwise the page's own statement counts it.
        const count = (): Promise<number> =>
          counts.count(
            spec.table,
            whereSql,
            params,
            async () => {
              page = db.query<JsonPage>(pageSql(true), params);
              return Number((await page).rows[0].total);
            },
            scans,
          );
        // Kept with the pages, however small, where pages are kept (kept-pages.ts).
        const total = await (listKey === null ? count() : keptPages.total(listKey, count, generation));
        const { records, length } = (await (page ?? db.query<JsonPage>(pageSql(false), params))).rows[0];
        return { records, length: Number(length), total };
      };
      try {
        const key = listKey === null ? null : `${listKey}\u0000${start}-${end}`;
        const page = key === null ? await readPage() : await keptPages.page(key, readPage, generation);
        contentRange(page.length, page.total);
        return reply.type('application/json; charset=utf-8').send(page.records);
      } catch (e) {
        mapDbError(e, spec, 'read');
      }
    }

    let rows: Record<string, unknown>[];
    let total: number;
    try {
      // Both at once: on PostgreSQL they run on two pooled connections.
      const [count, page] = await Promise.all([
        kept ? kept.length : counts.count(spec.table, whereSql, params, async () => Number((await db.query<{ total: number }>(countSql, params)).rows[0].total), scans),
        db.query<Record<string, unknown>>(
          keptPage
            ? `SELECT ${selectList} FROM ${keptPage.from} ORDER BY ${order}`
            : pageFrom
            ? `SELECT ${selectList} FROM ${pageFrom} ORDER BY ${order}`
            : `SELECT ${selectList} FROM ${table}${whereSql} ORDER BY ${order} LIMIT ${end - start + 1} OFFSET ${start}`,
          keptPage ? keptPage.params : params,
        ),
      ]);
      total = count;
      rows = page.rows;
    } catch (e) {
      mapDbError(e, spec, 'read');
    }
    contentRange(rows.length, total);
    const records = rows.map(toRecord);
    return spec.decorate ? spec.decorate(db, records) : records;
  });

  app.get(`${base}/:id`, { ...auth, ...documentationOnly(docs.one) }, async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const ctx = await context(request, 'read');
    const record = await findOne(ctx, id);
    return spec.decorate ? (await spec.decorate(db, [record]))[0] : record;
  });

  const offers = (op: 'create' | 'update' | 'delete'): boolean => (spec.operations?.[op] ?? true) === true;

  if (offers('create')) app.post(base, { ...write, ...documentationOnly(docs.create) }, async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = await context(request, 'create');
    if (spec.tenantScoped && ctx.customerId === null) {
      throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id) to create a record in');
    }
    const data = validate(spec.createSchema, request.body);
    await checkReferences(data, ctx);
    const values = writableValues(data, ctx, 'create');
    if (spec.tenantScoped) values.push([TENANT_COLUMN, ctx.customerId]);
    const columns = values.map(([c]) => quote(c));
    const sql =
      values.length === 0
        ? `INSERT INTO ${table} DEFAULT VALUES RETURNING ${selectList}`
        : `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${selectList}`;
    try {
      const { rows } = await db.query<Record<string, unknown>>(sql, values.map(([, v]) => v));
      return reply.status(201).send(toRecord(rows[0]));
    } catch (e) {
      mapDbError(e, spec, 'write');
    }
  });

  if (offers('update')) app.put(`${base}/:id`, { ...write, ...documentationOnly(docs.update) }, async (request: FastifyRequest) => {
    const ctx = await context(request, 'update');
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw recordNotFound(spec.name, id);
    const data = validate(spec.updateSchema, request.body);
    if (spec.checkReferences) await checkReferences(data, ctx, await findOne(ctx, id));
    const values = writableValues(data, ctx, 'update');
    const params: unknown[] = values.map(([, v]) => v);
    const sets = values.map(([c], i) => `${quote(c)} = $${i + 1}`);
    for (const c of spec.touchOnUpdate ?? []) sets.push(`${quote(c)} = now()`);
    if (sets.length === 0) return findOne(ctx, id);
    params.push(id);
    const where = [`"id" = $${params.length}`, ...scope(ctx, params)];
    try {
      const { rows } = await db.query<Record<string, unknown>>(
        `UPDATE ${table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING ${selectList}`,
        params,
      );
      if (rows.length === 0) throw recordNotFound(spec.name, id);
      return toRecord(rows[0]);
    } catch (e) {
      if (e instanceof AppError) throw e;
      mapDbError(e, spec, 'write');
    }
  });

  if (offers('delete')) app.delete(`${base}/:id`, { ...write, ...documentationOnly(docs.remove) }, async (request: FastifyRequest) => {
    const ctx = await context(request, 'delete');
    const { id } = request.params as { id: string };
    try {
      return await db.transaction(async (tx) => {
        const record = await findOne(ctx, id, tx, true);
        await spec.beforeDelete?.(tx, id, ctx);
        await tx.query(`DELETE FROM ${table} WHERE "id" = $1`, [id]);
        return record;
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      mapDbError(e, spec, 'delete');
    }
  });
}
