import { mitigateFindings } from '../../engine/analysis/mitigation.ts';
import { prepareAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import { analysisOptions } from './analyses.ts';
import { findRecord, listAll, type DemoContext } from './context.ts';

const date8Of = (iso: unknown): number | null =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Number(iso.replace(/-/g, '')) : null;

/** The demo customer's mitigations in the engine's form; an inactive control mitigates nothing (as on the server). */
async function assignments(ctx: DemoContext): Promise<MitigationAssignment[]> {
  const controls = new Map((await listAll(ctx, 'mitigating-controls')).map((c) => [String(c.id), c]));
  const out: MitigationAssignment[] = [];
  for (const m of await listAll(ctx, 'mitigations')) {
    const control = controls.get(String(m.mitigatingControlId));
    if (!control || (control.status ?? 'active') !== 'active') continue;
    out.push({
      controlId: String(control.controlId),
      riskId: String(m.riskId),
      level: m.level === 'ROLE' ? 'ROLE' : 'USER',
      id: String(m.holder),
      validFrom: date8Of(m.validFrom),
      validTo: date8Of(m.validTo),
    });
  }
  return out;
}

/** The risks the demo customer deactivated (risk-deactivations). */
export async function deactivatedRisks(ctx: DemoContext): Promise<Set<string>> {
  return new Set((await listAll(ctx, 'risk-deactivations')).map((d) => String(d.riskId)));
}

/**
 * Re-applies the demo customer's mitigations and deactivations to the findings of its completed
 * analyses (of one, when given), as the server does after a mitigation, a control or a
 * deactivation changes and when an analysis completes (DESIGN 5.16, server/analyses/mitigations.ts
 * and deactivations.ts): each finding record gets the controls that apply on the analysis date
 * and its status (`deactivated` first, then `mitigated`, then `accepted`: migration 0031).
 */
export async function reapplyDemoMitigations(ctx: DemoContext, analysisId?: string): Promise<void> {
  const list = await assignments(ctx);
  const off = await deactivatedRisks(ctx);
  for (const [id, findings] of ctx.findings) {
    if (analysisId !== undefined && id !== analysisId) continue;
    const record = await findRecord(ctx, 'analyses', id);
    if (!record || record.status !== 'completed') continue;
    const settings = { level: String(record.level), mode: String(record.mode), includeLocked: Boolean(record.includeLocked), includeExpired: Boolean(record.includeExpired) };
    const applied = list.length === 0 ? null : mitigateFindings(prepareAnalysis(ctx.extract, ctx.ruleset, analysisOptions(settings)), findings, list);
    for (const [i, f] of findings.entries()) {
      // The records storeFindings wrote, in the same order.
      const previous = await findRecord(ctx, 'findings', `${id}-${i + 1}`);
      if (!previous) continue;
      const controls = applied?.[i].controls ?? [];
      const status = off.has(f.riskId) ? 'deactivated' : controls.length > 0 ? 'mitigated' : f.accepted ? 'accepted' : 'open';
      if (previous.status === status && JSON.stringify(previous.controls ?? []) === JSON.stringify(controls)) continue;
      await ctx.provider.update('findings', { id: previous.id, data: { ...previous, controls: [...controls], status }, previousData: previous });
    }
  }
}
