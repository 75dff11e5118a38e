import { simulate, SimulationError } from '../../engine/analysis/simulate.ts';
import type { SimulationRequest } from '../../engine/model/analysis.ts';
import { date8ToIso } from '../../engine/model/dates.ts';
import { findingRecords } from '../../engine/output/finding-records.ts';
import { bodyNotObject, codedError, error, json, recordNotFound } from './answers.ts';
import { analysisOptions } from './analyses.ts';
import type { DemoContext } from './context.ts';
import { DEMO_PERIOD_DATE } from './sample-extract.ts';
import { parseSimulationBody } from './simulation-schema.ts';
import { DEMO_RISK_PERIOD_ID, DEMO_SYSTEM_PERIOD_ID } from './seed.ts';

const records = findingRecords;

/** The server's 404 of a holder the period lacks (server/reports/simulate-prepared.ts). */
interface HolderMissing {
  code: 'USER_NOT_IN_PERIOD' | 'ROLE_NOT_IN_PERIOD';
  name: string;
  message: string;
}
const notFound = (m: HolderMissing): Response => codedError(404, m.code, { name: m.name }, m.message);

/** The first user or role of the request the sample period lacks, as the server's 404. */
function unknownIn(ctx: DemoContext, b: { systemPeriodId: string; riskPeriodId: string; user?: string; role?: string; addRoles: string[]; removeRoles: string[] }): HolderMissing | null {
  if (b.user !== undefined && !ctx.extract.users.some((u) => u.bname === b.user)) {
    return { code: 'USER_NOT_IN_PERIOD', name: b.user, message: `User ${b.user} is not in the system period (USR02)` };
  }
  const roles = new Set(ctx.extract.roleDefinitions.map((r) => r.role));
  const named: [string, string][] = [
    ...(b.role !== undefined ? [[b.role, 'Role'] as [string, string]] : []),
    ...b.addRoles.map((r): [string, string] => [r, 'Role to add']),
    ...b.removeRoles.map((r): [string, string] => [r, 'Role to remove']),
  ];
  const missing = named.find(([r]) => !roles.has(r));
  return missing ? { code: 'ROLE_NOT_IN_PERIOD', name: missing[0], message: `${missing[1]} ${missing[0]} is not in the system period` } : null;
}

/**
 * `POST /api/simulations` (DESIGN 5.14): what-if for one user or role, nothing stored. Body,
 * defaults and 400s are the server's; the engine's `simulate` computes it at the requested level
 * and mode, with role authorisation values added or removed for a role.
 */
export function simulation(ctx: DemoContext, body: unknown): Response {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return bodyNotObject();
  const parsed = parseSimulationBody(body);
  if ('errors' in parsed) return error(400, 'Fill in all fields correctly', 'FIELDS_INVALID', parsed.errors);
  const b = parsed.body;
  if (b.systemPeriodId !== DEMO_SYSTEM_PERIOD_ID) return recordNotFound('system period', b.systemPeriodId);
  if (b.riskPeriodId !== DEMO_RISK_PERIOD_ID) return recordNotFound('risk period', b.riskPeriodId);
  const unknown = unknownIn(ctx, b);
  if (unknown !== null) return notFound(unknown);

  const request: SimulationRequest = {
    holder: b.user !== undefined ? { kind: 'user', bname: b.user } : { kind: 'role', role: b.role! },
    addRoles: b.addRoles,
    removeRoles: b.removeRoles,
    addAuthorisations: b.addAuthorisations,
    removeAuthorisations: b.removeAuthorisations,
  };
  const started = performance.now();
  let result;
  try {
    result = simulate(ctx.extract, ctx.ruleset, analysisOptions({ level: b.level, mode: b.mode, includeLocked: false, includeExpired: false }), request);
  } catch (e) {
    if (e instanceof SimulationError) return notFound({ code: b.user !== undefined ? 'USER_NOT_IN_PERIOD' : 'ROLE_NOT_IN_PERIOD', name: b.user ?? b.role ?? '', message: e.message });
    throw e;
  }
  const ms = Math.round((performance.now() - started) * 10) / 10;
  return json({
    systemPeriodId: b.systemPeriodId,
    riskPeriodId: b.riskPeriodId,
    holder: b.user !== undefined ? { kind: 'user', name: b.user } : { kind: 'role', name: b.role },
    analysisDate: date8ToIso(DEMO_PERIOD_DATE),
    level: b.level,
    mode: b.mode,
    addRoles: b.addRoles,
    removeRoles: b.removeRoles,
    summary: { before: result.before.length, after: result.after.length, added: result.added.length, removed: result.removed.length, changed: result.changed.length },
    before: records(result.before),
    after: records(result.after),
    added: records(result.added),
    removed: records(result.removed),
    changed: records(result.changed),
    timings: { cached: false, loadMs: 0, simulateMs: ms, totalMs: ms },
  });
}
