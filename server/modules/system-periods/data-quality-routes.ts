import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCOPE_REASONS, type DataQualitySummary, type ScopeReason, type ScopedUser } from '../../../contracts/data-quality.ts';
import { PERIOD_TABLES } from '../../../contracts/period-tables.ts';
import { USER_TYPE_CHOICES, USER_TYPES } from '../../../contracts/user-types.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { resourceContext } from '../../resources/define-resource.ts';
import { filterParam, rangeParam, sendContentRange, sortParam } from '../../resources/query-params.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { systemPeriodsResource } from './system-periods-resource.ts';

const MAX_RANGE = 1000;

interface PeriodRow {
  id: string;
  period_date: string;
  status: string;
  data_import_id: string | null;
  row_counts: Record<string, number> | null;
  warnings: DataQualitySummary['warnings'] | null;
}

/** USR02-USTYP as a user type (contracts/user-types.ts userTypeOf): SAP's letter, '' for anything else. */
const USER_TYPE_SQL = `CASE WHEN upper(btrim(ustyp)) IN (${USER_TYPES.map((t) => `'${t}'`).join(', ')}) THEN upper(btrim(ustyp)) ELSE '' END`;

/**
 * Every user of an import with its SAP user type (issue 27 item 6; '' unknown, as for users
 * missing from USR02) and the reasons it is out of scope on the date (DESIGN 5.2, as an
 * analysis with the default options scopes them): USR02's users (the first row of a name counts,
 * as in the engine) locked (UFLAG ≠ 0), expired (GLTGB before the date) or not yet valid (GLTGV
 * after it); and the users AGR_USERS, UST04 or USREFUS name but USR02 does not list.
 * $1 is the import, $2 the date as YYYYMMDD.
 */
const SCOPED_USERS = `
  WITH u AS (
    SELECT DISTINCT ON (bname) bname, uflag, gltgv, gltgb, ustyp FROM sap_usr02 WHERE import_id = $1 ORDER BY bname, seq
  ), named AS (
    SELECT uname AS bname, 'AGR_USERS' AS tab FROM sap_agr_users WHERE import_id = $1
    UNION ALL SELECT bname, 'UST04' FROM sap_ust04 WHERE import_id = $1
    UNION ALL SELECT bname, 'USREFUS' FROM sap_usrefus WHERE import_id = $1
  )
  SELECT bname,
         array_remove(ARRAY[
           CASE WHEN uflag <> 0 THEN 'locked' END,
           CASE WHEN gltgb IS NOT NULL AND $2::int > gltgb THEN 'expired' END,
           CASE WHEN gltgv IS NOT NULL AND $2::int < gltgv THEN 'not-yet-valid' END
         ]::text[], NULL) AS reasons,
         ARRAY[]::text[] AS named_in,
         ${USER_TYPE_SQL} AS user_type
    FROM u
  UNION ALL
  SELECT n.bname, ARRAY['missing-from-usr02']::text[], array_agg(DISTINCT n.tab ORDER BY n.tab), ''
    FROM named n
   WHERE n.bname <> '' AND NOT EXISTS (SELECT 1 FROM u WHERE u.bname = n.bname)
   GROUP BY n.bname`;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The data-quality view of a system period (issue 13 item 4), read like the period itself
 * (tenant scope, the system period page's permission):
 * `GET /api/system-periods/:id/data-quality` — rows per table, the import's warnings, users in
 * and out of scope per reason; `GET /api/system-periods/:id/data-quality/users` — the users,
 * paged with the simple-rest parameters (`range=[0,24]`, `sort=["bname","ASC"]`,
 * `filter={"scope":"out","reason":"locked","q":"MUELL"}`), each with its reasons.
 */
export function registerDataQuality(app: FastifyInstance, db: Database): void {
  const period = async (request: FastifyRequest): Promise<PeriodRow> => {
    const ctx = await resourceContext(db, systemPeriodsResource, request, 'read');
    const { id } = request.params as { id: string };
    return findScoped<PeriodRow>(db, 'system_periods', ctx, id, 'id, period_date, status, data_import_id, row_counts, warnings', 'system period');
  };
  const dateOf = (p: PeriodRow): number => Number(p.period_date.replaceAll('-', ''));

  const summary = {
    summary: 'The data quality of a system period',
    description: 'Rows per SAP table of the last import, its data-quality warnings (DESIGN 4.1a), and how many users are in and out of scope on the period date, per reason.',
  };
  const list = {
    summary: "A system period's users in and out of scope, paged",
    description:
      'Each user with the reasons it is out of scope (locked, expired, not-yet-valid, missing-from-usr02). range=[0,24], sort=["bname","ASC"|"DESC"], filter={"scope":"in"|"out","reason":…,"userType":["A",…],"q":…} (userType "" is unknown); answers Content-Range.',
  };
  app.get('/api/system-periods/:id/data-quality', { preHandler: app.authenticate, schema: summary }, async (request): Promise<DataQualitySummary> => {
    const p = await period(request);
    const byReason = Object.fromEntries(SCOPE_REASONS.map((r) => [r, 0])) as Record<ScopeReason, number>;
    const users = { inUsr02: 0, inScope: 0, outOfScope: 0, byReason };
    if (p.data_import_id) {
      const { rows } = await db.query<Record<string, number>>(
        `SELECT count(*) FILTER (WHERE NOT ('missing-from-usr02' = ANY(reasons)))::int AS in_usr02,
                count(*) FILTER (WHERE cardinality(reasons) = 0)::int AS in_scope,
                count(*) FILTER (WHERE cardinality(reasons) > 0)::int AS out_of_scope,
                ${SCOPE_REASONS.map((r, i) => `count(*) FILTER (WHERE '${r}' = ANY(reasons))::int AS r${i}`).join(', ')}
           FROM (${SCOPED_USERS}) s`,
        [p.data_import_id, dateOf(p)],
      );
      const r = rows[0];
      users.inUsr02 = r.in_usr02;
      users.inScope = r.in_scope;
      users.outOfScope = r.out_of_scope;
      SCOPE_REASONS.forEach((reason, i) => (byReason[reason] = r[`r${i}`]));
    }
    return {
      periodId: p.id,
      periodDate: p.period_date,
      status: p.status,
      tables: PERIOD_TABLES.map((t) => ({ table: t.sapName, rows: p.row_counts?.[t.sapName] ?? 0 })),
      warnings: Array.isArray(p.warnings) ? p.warnings : [],
      users,
    };
  });

  app.get('/api/system-periods/:id/data-quality/users', { preHandler: app.authenticate, schema: list }, async (request, reply): Promise<ScopedUser[]> => {
    const p = await period(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const [, direction] = sortParam(query.sort, ['bname'], ['bname', 'ASC']);
    const [start, end] = rangeParam(query.range, MAX_RANGE) ?? [0, 24];
    const filter = filterParam(query.filter);
    const params: unknown[] = [p.data_import_id, dateOf(p)];
    const where: string[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'userType' && value !== undefined && value !== null) {
        // One type or a list; '' is the unknown type, so it is a value here, not an empty filter.
        const types = Array.isArray(value) ? value : [value];
        if (types.length === 0 || !types.every((t) => typeof t === 'string' && USER_TYPE_CHOICES.includes(t))) {
          throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter userType must be one or more of: ${USER_TYPES.join(', ')} or "" (unknown)`);
        }
        params.push(types);
        where.push(`user_type = ANY($${params.length}::text[])`);
        continue;
      }
      if (value === undefined || value === '' || value === null) continue;
      if (key === 'scope') {
        if (value !== 'in' && value !== 'out') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter scope must be "in" or "out"');
        where.push(value === 'in' ? 'cardinality(reasons) = 0' : 'cardinality(reasons) > 0');
      } else if (key === 'reason') {
        if (!(SCOPE_REASONS as readonly unknown[]).includes(value)) throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter reason must be one of: ${SCOPE_REASONS.join(', ')}`);
        params.push(value);
        where.push(`$${params.length} = ANY(reasons)`);
      } else if (key === 'q') {
        if (typeof value !== 'string') throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, 'The filter parameter q must be a string');
        params.push(`%${escapeLike(value.trim())}%`);
        where.push(`bname ILIKE $${params.length}`);
      } else {
        throw coded(400, 'PARAMETER_INVALID', { parameter: 'filter' }, `The filter parameter has an unknown field: ${key}; fields: scope, reason, userType, q`);
      }
    }
    if (!p.data_import_id) {
      sendContentRange(reply, 'users', start, 0, 0);
      return [];
    }
    const { rows } = await db.query<{ bname: string; reasons: ScopeReason[]; named_in: string[]; user_type: string; total: number }>(
      `SELECT bname, reasons, named_in, user_type, (count(*) OVER ())::int AS total
         FROM (${SCOPED_USERS}) s ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY bname COLLATE "C" ${direction} LIMIT ${end - start + 1} OFFSET ${start}`,
      params,
    );
    // A page past the end has no row to carry the total: counted apart.
    const total =
      rows[0]?.total ??
      (start === 0
        ? 0
        : Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SCOPED_USERS}) s ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params)).rows[0].n));
    sendContentRange(reply, 'users', start, rows.length, total);
    return rows.map((r) => ({ id: r.bname, bname: r.bname, userType: r.user_type, inScope: r.reasons.length === 0, reasons: r.reasons, namedIn: r.named_in }));
  });
}
