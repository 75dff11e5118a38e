import type { Finding } from '../../engine/model/analysis.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import { userTypeOf } from '../../contracts/user-types.ts';
import type { FindingUsage } from '../../engine/model/controls.ts';
import { findingRecord } from '../../engine/output/finding-records.ts';
import { error, type Rec } from './answers.ts';
import { findRecord, listAll, type DemoContext } from './context.ts';
import { DEMO_CUSTOMER_ID } from './seed.ts';
import { usageFields } from './usage.ts';

/**
 * The SAP user type a user finding is stored with, as the server stores it (USR02-USTYP, first row
 * wins; '' unknown), null for role and profile findings (issue 27 item 6).
 */
export function userTypesOf(extract: Pick<SystemExtract, 'users'>): (f: Pick<Finding, 'level' | 'holder'>) => string | null {
  const types = new Map<string, string>();
  for (const u of extract.users) if (!types.has(u.bname)) types.set(u.bname, userTypeOf(u.ustyp));
  return (f) => (f.level === 'USER' ? (types.get(f.holder) ?? '') : null);
}

/** A finding as the server's findings resource answers it; `usage` is its EXECUTION and REMEDIATION against the demo's usage. */
export function findingToRecord(f: Finding, analysisId: string, n: number, usage?: FindingUsage | null, userType: string | null = null): Rec {
  const meetingRoles = [...new Set(f.functions.flatMap((m) => m.sources.flatMap((p) => p.filter((s) => s.kind === 'role').map((s) => s.name))))];
  // The fields a simulation shows (shared with the server), plus the stored finding's own.
  // Mitigations are applied after the findings are stored (mitigations.ts), as on the server;
  // every demo analysis runs with the demo's usage (usage.ts).
  const status = f.accepted ? 'accepted' : 'open';
  return { id: `${analysisId}-${n}`, customerId: DEMO_CUSTOMER_ID, analysisId, ...findingRecord(f), userType, meetingRoles, acceptanceId: null, status, controls: [], ...usageFields(usage) };
}

export async function storeFindings(ctx: DemoContext, analysisId: string, findings: Finding[], usage: readonly (FindingUsage | null)[] = []): Promise<void> {
  ctx.findings.set(analysisId, findings);
  const userType = userTypesOf(ctx.extract);
  for (const [i, f] of findings.entries()) await ctx.provider.create('findings', { data: findingToRecord(f, analysisId, i + 1, usage[i], userType(f)) });
}

export async function dropFindings(ctx: DemoContext, analysisId: string): Promise<void> {
  ctx.findings.delete(analysisId);
  for (const f of await listAll(ctx, 'findings', { analysisId })) await ctx.provider.delete('findings', { id: f.id, previousData: f });
}

export interface CompletedAnalysis {
  record: Rec;
  findings: Finding[];
}

/** A completed analysis with its findings, or the server's 400/404/409 answer. `which` names it in messages. */
export async function completedAnalysis(ctx: DemoContext, id: string | null, which: string): Promise<CompletedAnalysis | Response> {
  if (!id) return error(400, `Choose the ${which} analysis`, 'VALIDATION');
  const record = await findRecord(ctx, 'analyses', id);
  if (!record) return error(404, `No analysis ${id}`, 'NOT_FOUND');
  const findings = ctx.findings.get(id);
  if (record.status !== 'completed' || !findings) return error(409, `The ${which} analysis has not completed`, 'NOT_COMPLETED');
  return { record, findings };
}
