import { SCOPE_REASONS, usersByScope, type DataQualitySummary, type ScopeReason } from '../../contracts/data-quality.ts';
import { PERIOD_TABLES } from '../../contracts/period-tables.ts';
import { date8ToIso } from '../../engine/model/dates.ts';
import { codedError, contentRange, filterOf, json, parseJson } from './answers.ts';
import type { DemoContext } from './context.ts';
import { DEMO_PERIOD_DATE } from './sample-extract.ts';
import { DEMO_SYSTEM_PERIOD_ID } from './seed.ts';

/**
 * `GET /api/system-periods/:id/data-quality[/users]` for the sample period (issue 13 item 4):
 * the same answers as the server's, computed from the sample extract. The sample has no
 * import warnings.
 */
export function dataQuality(ctx: DemoContext, periodId: string, rest: readonly string[], q: URLSearchParams): Response {
  if (periodId !== DEMO_SYSTEM_PERIOD_ID) return codedError(404, 'SYSTEM_PERIOD_NOT_FOUND', { id: periodId }, `No system period ${periodId}`);
  const users = usersByScope(ctx.extract, DEMO_PERIOD_DATE);
  if (rest.length === 0) {
    const byReason = Object.fromEntries(SCOPE_REASONS.map((r) => [r, users.filter((u) => u.reasons.includes(r)).length])) as Record<ScopeReason, number>;
    const summary: DataQualitySummary = {
      periodId,
      periodDate: date8ToIso(DEMO_PERIOD_DATE),
      status: 'ready',
      tables: PERIOD_TABLES.map((t) => ({ table: t.sapName, rows: (ctx.extract[t.key] as unknown[]).length })),
      warnings: [],
      users: {
        inUsr02: users.filter((u) => !u.reasons.includes('missing-from-usr02')).length,
        inScope: users.filter((u) => u.inScope).length,
        outOfScope: users.filter((u) => !u.inScope).length,
        byReason,
      },
    };
    return json(summary);
  }
  if (rest.length !== 1 || rest[0] !== 'users') return codedError(404, 'ROUTE_NOT_FOUND', {}, 'Not found');
  const filter = filterOf(q);
  let rows = users;
  if (filter.scope === 'in' || filter.scope === 'out') rows = rows.filter((u) => u.inScope === (filter.scope === 'in'));
  if (typeof filter.reason === 'string' && filter.reason !== '') rows = rows.filter((u) => u.reasons.includes(filter.reason as ScopeReason));
  if (filter.userType !== undefined && filter.userType !== null) {
    const types = (Array.isArray(filter.userType) ? filter.userType : [filter.userType]).map(String);
    rows = rows.filter((u) => types.includes(u.userType));
  }
  if (typeof filter.q === 'string' && filter.q.trim() !== '') rows = rows.filter((u) => u.bname.toLowerCase().includes(String(filter.q).trim().toLowerCase()));
  const sort = parseJson(q.get('sort'));
  if (Array.isArray(sort) && String(sort[1]).toUpperCase() === 'DESC') rows = [...rows].reverse();
  const range = parseJson(q.get('range'));
  const [start, end] = Array.isArray(range) ? [Number(range[0]), Number(range[1])] : [0, 24];
  const page = rows.slice(start, end + 1);
  return json(page, 200, { 'Content-Range': contentRange('users', start, page.length, rows.length) });
}
