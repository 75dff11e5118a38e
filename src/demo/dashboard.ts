import type { TopUser } from '../../contracts/dashboard.ts';
import type { Finding } from '../../engine/model/analysis.ts';
import { RISK_LEVELS } from '../../engine/model/ruleset.ts';
import { error, json, parseJson } from './answers.ts';
import { listAll, type DemoContext } from './context.ts';
import { completedAnalysis, userTypesOf } from './findings.ts';
import { deactivatedRisks } from './mitigations.ts';
import { readUserTypes, USER_TYPES } from '../../contracts/user-types.ts';

/** The demo has one system period; the dashboard names it as the server would. */
const SYSTEM_PERIOD_NAME = 'PRD October 2026';

interface UserRow {
  holder: string;
  userType: string;
  critical: number;
  high: number;
  findings: number;
  accepted: number;
}

/**
 * The ten users of the chosen types with the most critical and high findings, then the most
 * findings (as the server ranks them), and how many users with critical or high findings the
 * types leave out (issue 27 item 6).
 */
function topUsers(ctx: DemoContext, fs: readonly Finding[], types: readonly string[]): { users: TopUser[]; otherTypes: number } {
  const typeOf = userTypesOf(ctx.extract);
  const users = new Map<string, UserRow>();
  for (const f of fs) {
    if (f.level !== 'USER') continue;
    const u = users.get(f.holder) ?? { holder: f.holder, userType: typeOf(f) ?? '', critical: 0, high: 0, findings: 0, accepted: 0 };
    if (f.riskLevel === 'CRITICAL') u.critical++;
    if (f.riskLevel === 'HIGH') u.high++;
    u.findings++;
    if (f.accepted) u.accepted++;
    users.set(f.holder, u);
  }
  const risky = [...users.values()].filter((u) => u.critical + u.high > 0);
  const addr = new Map(ctx.extract.userAddresses.map((x) => [x.user, x]));
  return {
    users: risky
      .filter((u) => types.includes(u.userType))
      .sort((x, y) => y.critical + y.high - (x.critical + x.high) || y.findings - x.findings || (x.holder < y.holder ? -1 : 1))
      .slice(0, 10)
      .map((u) => ({ ...u, fullName: addr.get(u.holder)?.fullName ?? '', department: addr.get(u.holder)?.department ?? '' })),
    otherTypes: risky.filter((u) => !types.includes(u.userType)).length,
  };
}

/**
 * Findings, accepted and open per period, as the server answers: the shown analysis for its own
 * period, the latest completed one (whose findings the demo holds) for the others.
 */
async function trend(ctx: DemoContext, shown: string) {
  const all = (await listAll(ctx, 'analyses', { status: 'completed' }, 'finishedAt')).filter((x) => ctx.findings.has(x.id));
  const perPeriod = new Map<unknown, (typeof all)[number]>();
  for (const x of all) {
    const kept = perPeriod.get(x.systemPeriodId);
    if (!kept || (kept.id !== shown && (x.id === shown || String(x.finishedAt ?? '') >= String(kept.finishedAt ?? '')))) perPeriod.set(x.systemPeriodId, x);
  }
  return [...perPeriod.values()]
    .map((x) => {
      const f = ctx.findings.get(x.id)!;
      const acc = f.filter((y) => y.accepted).length;
      return {
        analysisId: x.id,
        name: x.name,
        date: x.analysisDate,
        systemPeriodId: x.systemPeriodId,
        systemPeriodName: SYSTEM_PERIOD_NAME,
        periodDate: x.analysisDate,
        level: x.level,
        mode: x.mode,
        findings: f.length,
        accepted: acc,
        open: f.length - acc,
      };
    });
}

/** `GET /api/reports/dashboard?analysisId=…&userTypes=[…]`. */
export async function dashboard(ctx: DemoContext, analysisId: string | null, userTypes: string | null = null): Promise<Response> {
  const types = readUserTypes(userTypes === null ? undefined : parseJson(userTypes) ?? null);
  if (!Array.isArray(types)) {
    const params = { types: USER_TYPES.join(', '), ...(types.code === 'USER_TYPE_UNKNOWN' ? { value: types.value } : {}) };
    return error(400, 'The userTypes parameter names no user type SAP defines', types.code, undefined, params);
  }
  if (!analysisId) return error(400, 'A default analysis must be chosen to see the full list', 'DEFAULT_ANALYSIS_REQUIRED', { analysisId: 'Choose an analysis' }, {});
  const a = await completedAnalysis(ctx, analysisId, 'chosen');
  if (a instanceof Response) return a;
  const fs = a.findings;
  // A deactivated risk's findings are neither accepted nor open (issue 27), as the server counts them.
  const off = await deactivatedRisks(ctx);
  const count = (pred: (f: Finding) => boolean) => {
    const sel = fs.filter(pred);
    const deactivated = sel.filter((f) => off.has(f.riskId)).length;
    const accepted = sel.filter((f) => f.accepted && !off.has(f.riskId)).length;
    return { findings: sel.length, accepted, deactivated, open: sel.length - accepted - deactivated };
  };
  const all = count(() => true);
  const total = all.findings;
  const accepted = all.accepted;
  const processes = [...new Set(fs.map((f) => f.businessProcess))];
  const r = a.record;
  const top = topUsers(ctx, fs, types);
  return json({
    analysis: {
      id: r.id,
      name: r.name,
      analysisDate: r.analysisDate,
      systemPeriodId: r.systemPeriodId,
      systemPeriodName: SYSTEM_PERIOD_NAME,
      riskPeriodId: r.riskPeriodId,
      level: r.level,
      mode: r.mode,
      counts: r.counts,
      finishedAt: r.finishedAt,
    },
    totals: { findings: total, accepted, deactivated: all.deactivated, open: all.open },
    byRiskLevel: RISK_LEVELS.map((riskLevel) => ({ riskLevel, ...count((f) => f.riskLevel === riskLevel) })),
    byLevel: (['USER', 'ROLE', 'PROFILE'] as const).map((level) => ({ level, ...count((f) => f.level === level) })),
    byBusinessProcess: processes
      .map((businessProcess) => {
        const c = count((f) => f.businessProcess === businessProcess);
        return { businessProcess, findings: c.findings, accepted: c.accepted, deactivated: c.deactivated, open: c.open };
      })
      .sort((x, y) => y.findings - x.findings || (x.businessProcess < y.businessProcess ? -1 : 1)),
    acceptedVsOpen: { accepted, deactivated: all.deactivated, open: all.open },
    topUserTypes: types,
    topUsers: top.users,
    topUsersOfOtherTypes: top.otherTypes,
    trend: await trend(ctx, analysisId),
  });
}
