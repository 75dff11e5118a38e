import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { countCacheOf } from '../../resources/count-cache.ts';
import { coded } from '../../errors.ts';
import { filterParam, jsonParam, rangeParam, sendContentRange } from '../../resources/query-params.ts';
import { PERIOD_TABLES } from '../../../contracts/period-tables.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { systemPeriodsResource } from './system-periods-resource.ts';

const MAX_RANGE = 1000;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Browsing a system period's data (spec: system data — users, roles, composite roles,
 * profiles, authorisations, tcodes, components): `GET /api/system-periods/:id/tables` lists the
 * tables with their row counts; `GET /api/system-periods/:id/tables/:table` pages one SAP table
 * with the simple-rest parameters (`sort=["AGR_NAME","ASC"]`, `range=[0,24]`,
 * `filter={"q":"S_TCODE","BNAME":"ALICE"}`), fields named as in SAP.
 */
export function registerPeriodTables(app: FastifyInstance, db: Database): void {
  const period = async (request: FastifyRequest): Promise<{ data_import_id: string | null; row_counts: Record<string, number> | null }> => {
    const ctx = await resourceContext(db, systemPeriodsResource, request, 'read');
    const { id } = request.params as { id: string };
    return findScoped(db, 'system_periods', ctx, id, 'data_import_id, row_counts', 'system period');
  };

  app.get('/api/system-periods/:id/tables', { preHandler: app.authenticate }, async (request) => {
    const p = await period(request);
    return PERIOD_TABLES.map((t) => ({ table: t.sapName, rows: p.row_counts?.[t.sapName] ?? 0, columns: t.columns.map((c) => c.column.toUpperCase()) }));
  });

  app.get('/api/system-periods/:id/tables/:table', { preHandler: app.authenticate }, async (request, reply) => {
    const p = await period(request);
    const { table } = request.params as { table: string };
    const spec = PERIOD_TABLES.find((t) => t.sapName === table.toUpperCase());
    if (!spec) throw coded(404, 'SAP_TABLE_UNKNOWN', { table }, `No SAP table ${table} in a system period; tables: ${PERIOD_TABLES.map((t) => t.sapName).join(', ')}`);
    const fields = new Map(spec.columns.map((c) => [c.column.toUpperCase(), c]));
    const query = (request.query ?? {}) as Record<string, unknown>;

    const asked = jsonParam('sort', query.sort);
    // `id` is a row's place in the file (the page numbers its rows so), and react-admin's default
    // sort: ascending it is the file order, as without a sort.
    const sort = Array.isArray(asked) && asked.length === 2 && asked[0] === 'id' && String(asked[1]).toUpperCase() === 'ASC' ? undefined : asked;
    let order = 'seq ASC';
    if (sort !== undefined) {
      if (!Array.isArray(sort) || sort.length !== 2 || !fields.has(String(sort[0]).toUpperCase()) || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
        throw coded(400, 'PARAMETER_INVALID', { parameter: 'sort' }, `The sort parameter must be ["field","ASC"|"DESC"] with field one of: ${[...fields.keys()].join(', ')}`);
      }
      order = `"${fields.get(String(sort[0]).toUpperCase())!.column}" ${String(sort[1]).toUpperCase()}, seq ASC`;
    }
    const [start, end] = rangeParam(query.range, MAX_RANGE) ?? [0, 24];
    const filter = filterParam(query.filter);

    if (!p.data_import_id) {
      sendContentRange(reply, spec.sapName, start, 0, 0);
      return [];
    }
    const params: unknown[] = [p.data_import_id];
    const where = ['import_id = $1'];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === '') continue;
      if (key === 'q') {
        if (typeof value !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter q must be a string');
        params.push(`%${escapeLike(value.trim())}%`);
        const texts = spec.columns.filter((c) => c.type === 'text').map((c) => `"${c.column}" ILIKE $${params.length}`);
        where.push(`(${texts.join(' OR ')})`);
        continue;
      }
      const col = fields.get(key.toUpperCase());
      if (!col) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has an unknown field: ${key}; fields: ${[...fields.keys()].join(', ')}`);
      if (!['string', 'number', 'boolean'].includes(typeof value)) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has a value of the wrong type for ${key}`);
      params.push(col.type === 'text' ? String(value) : value);
      where.push(`"${col.column}" = $${params.length}`);
    }
    const whereSql = where.join(' AND ');
    let total: number;
    let rows: Record<string, unknown>[];
    try {
      const select = spec.columns.map((c) => `"${c.column}" AS "${c.column.toUpperCase()}"`).join(', ');
      const byOffset = () => db.query<Record<string, unknown>>(`SELECT ${select} FROM "${spec.table}" WHERE ${whereSql} ORDER BY ${order} LIMIT ${end - start + 1} OFFSET ${start}`, params);
      // Unfiltered, the import's own row count answers: counting 5 M AGR_1251 rows per page costs seconds.
      const stored = where.length === 1 ? p.row_counts?.[spec.sapName] : undefined;
      // An import numbers each table's rows 0, 1, 2… (extract-store.ts), so an unfiltered page in
      // file order is a range of seq: found through the index, where OFFSET walks every row before
      // it. Should the numbering not be dense, the page is short and OFFSET answers instead.
      const page =
        stored !== undefined && sort === undefined
          ? db
              .query<Record<string, unknown>>(`SELECT ${select} FROM "${spec.table}" WHERE ${whereSql} AND seq BETWEEN ${start} AND ${end} ORDER BY seq`, params)
              .then((r) => (r.rows.length === Math.max(0, Math.min(end, stored - 1) - start + 1) ? r : byOffset()))
          : byOffset();
      const count =
        stored !== undefined
          ? Promise.resolve(stored)
          : countCacheOf(db).count(spec.table, whereSql, params, async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${spec.table}" WHERE ${whereSql}`, params)).rows[0].n));
      [total, rows] = await Promise.all([count, page.then((r) => r.rows)]);
    } catch (e) {
      if ((e as { code?: string }).code === '22P02') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter has a value of the wrong type');
      throw e;
    }
    sendContentRange(reply, spec.sapName, start, rows.length, total);
    return rows.map((r, i) => ({ id: start + i, ...r }));
  });
}
