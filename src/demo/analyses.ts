import { analyse } from '../../engine/analysis/prepared-analysis.ts';
import type { AnalysisOptions, Finding, RiskAcceptance } from '../../engine/model/analysis.ts';
import { date8ToIso } from '../../engine/model/dates.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { findingsToCsv } from '../../engine/output/findings-csv.ts';
import { csvFile, error, json, notInDemo, type Rec } from './answers.ts';
import { findRecord, listAll, type DemoContext } from './context.ts';
import { completedAnalysis, findingToRecord, storeFindings, userTypesOf } from './findings.ts';
import { reapplyDemoMitigations } from './mitigations.ts';
import { demoFindingUsage } from './usage.ts';
import { DEMO_PERIOD_DATE } from './sample-extract.ts';
import { DEMO_ANALYSIS_ID, DEMO_CUSTOMER_ID, DEMO_RISK_PERIOD_ID, DEMO_SYSTEM_PERIOD_ID, seedResources } from './seed.ts';

/** The settings of an analysis the engine reads, as the API takes them. */
export interface AnalysisSettings {
  level: string;
  mode: string;
  includeLocked: boolean;
  includeExpired: boolean;
}

type NamedSettings = AnalysisSettings & { name: string; description: string };

/** Engine options on the demo period; unknown level or mode values fall back to the API defaults. */
export function analysisOptions(v: AnalysisSettings, acceptances: RiskAcceptance[] = [], deactivated: string[] = []): AnalysisOptions {
  return {
    date: DEMO_PERIOD_DATE,
    level: v.level === 'action' ? 'action' : 'permission',
    mode: v.mode === 'union' ? 'union' : 'same-instance',
    includeLocked: v.includeLocked,
    includeExpired: v.includeExpired,
    acceptances,
    deactivatedRiskIds: deactivated,
  };
}

function analysisRecord(id: string, v: NamedSettings, nowIso: string): Rec {
  return {
    id,
    customerId: DEMO_CUSTOMER_ID,
    name: v.name,
    description: v.description,
    systemPeriodId: DEMO_SYSTEM_PERIOD_ID,
    riskPeriodId: DEMO_RISK_PERIOD_ID,
    level: v.level,
    mode: v.mode,
    includeLocked: v.includeLocked,
    includeExpired: v.includeExpired,
    analysisDate: date8ToIso(DEMO_PERIOD_DATE),
    // Every demo analysis runs with the demo's usage export (usage.ts), over all of it.
    withUsage: true,
    usageFrom: null,
    usageTo: null,
    status: 'enqueued',
    progress: 0,
    phase: null,
    error: null,
    counts: null,
    createdBy: 'demo@segra.local',
    createdAt: nowIso,
    startedAt: null,
    finishedAt: null,
    updatedAt: nowIso,
  };
}

/**
 * The resources of the first start with the completed analysis the server's demo seed has,
 * computed now, and that analysis's engine findings.
 */
export function initialData(extract: SystemExtract, ruleset: Ruleset, nowIso: string): { data: Record<string, Rec[]>; findings: Finding[] } {
  const settings = { level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false };
  const options = analysisOptions(settings);
  const result = analyse(extract, ruleset, options);
  const usage = demoFindingUsage(extract, ruleset, options, result.findings);
  const data = seedResources(extract, nowIso);
  data.analyses.push({
    ...analysisRecord(DEMO_ANALYSIS_ID, { ...settings, name: 'PRD October 2026 – default ruleset', description: 'Computed in the browser by the demo' }, nowIso),
    status: 'completed',
    progress: 100,
    phase: 'done',
    counts: result.counts,
    startedAt: nowIso,
    finishedAt: nowIso,
  });
  const userType = userTypesOf(extract);
  data.findings.push(...result.findings.map((f, i) => findingToRecord(f, DEMO_ANALYSIS_ID, i + 1, usage[i], userType(f))));
  return { data, findings: result.findings };
}

const date8Of = (iso: unknown): number | null =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? Number(iso.slice(0, 10).replace(/-/g, '')) : null;

/** The customer's acceptances and deactivations, as the engine takes them. */
async function approvals(ctx: DemoContext): Promise<{ acceptances: RiskAcceptance[]; deactivated: string[] }> {
  const acc = await listAll(ctx, 'risk-acceptances');
  const deact = await listAll(ctx, 'risk-deactivations');
  return {
    acceptances: acc.map((a) => ({
      riskId: String(a.riskId),
      scope: (a.scope === 'user' || a.scope === 'role' ? a.scope : 'global') as RiskAcceptance['scope'],
      holder: String(a.holder ?? ''),
      message: String(a.message ?? ''),
      author: String(a.createdBy ?? ''),
      createdAt: String(a.createdAt ?? ''),
      validFrom: date8Of(a.validFrom),
      validTo: date8Of(a.validTo),
    })),
    deactivated: deact.map((d) => String(d.riskId)),
  };
}

/**
 * Analyses as the server's queue runs them: a new one waits `runDelayMs` "enqueued", then as
 * long "running" (so the pages show both states and can cancel), then the engine computes it.
 */
export class DemoAnalyses {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly ctx: DemoContext,
    private readonly runDelayMs: number,
  ) {}

  /** Resolves when every analysis started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** `POST /api/analyses`. */
  async create(body: unknown, actor: string): Promise<Response> {
    const b = (body ?? {}) as Record<string, unknown>;
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'Name is required';
    if (b.systemPeriodId !== DEMO_SYSTEM_PERIOD_ID) errors.systemPeriodId = 'System period is required';
    if (b.riskPeriodId !== DEMO_RISK_PERIOD_ID) errors.riskPeriodId = 'Risk period is required';
    if (Object.keys(errors).length > 0) return error(400, 'Fill in all fields correctly', 'VALIDATION', errors);
    const v: NamedSettings = {
      name,
      description: typeof b.description === 'string' ? b.description.trim() : '',
      level: b.level === 'action' ? 'action' : 'permission',
      mode: b.mode === 'union' ? 'union' : 'same-instance',
      includeLocked: b.includeLocked === true,
      includeExpired: b.includeExpired === true,
    };
    const id = crypto.randomUUID();
    const record = { ...analysisRecord(id, v, this.ctx.now().toISOString()), createdBy: actor };
    await this.ctx.provider.create('analyses', { data: record });
    const run = this.run(id, v);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return json(record, 201);
  }

  /** `POST /api/analyses/:id/cancel`. */
  async cancel(id: string): Promise<Response> {
    const status = await this.statusOf(id);
    if (status === null) return error(404, `No analysis ${id}`, 'NOT_FOUND');
    if (status !== 'enqueued' && status !== 'running') return error(409, 'Only a waiting or running analysis can be cancelled', 'NOT_CANCELLABLE');
    return json(await this.patch(id, { status: 'cancelled', finishedAt: this.ctx.now().toISOString() }));
  }

  /** `GET /api/analyses/:id/export?format=…`: the findings CSV (other formats need the server). */
  async export(id: string, format: string): Promise<Response> {
    if (format !== 'csv') return notInDemo('only CSV export works in the demo');
    const a = await completedAnalysis(this.ctx, id, 'chosen');
    if (a instanceof Response) return a;
    return csvFile(findingsToCsv(a.findings), `${String(a.record.name).replace(/[^\w.-]+/g, '_') || 'findings'}.csv`);
  }

  private async run(id: string, v: AnalysisSettings): Promise<void> {
    const wait = () => new Promise<void>((r) => setTimeout(r, this.runDelayMs));
    await wait();
    // A cancel (or delete) while waiting ends the run.
    if ((await this.statusOf(id)) !== 'enqueued') return;
    await this.patch(id, { status: 'running', progress: 10, phase: 'analysing', startedAt: this.ctx.now().toISOString() });
    await wait();
    if ((await this.statusOf(id)) !== 'running') return;
    try {
      const { acceptances, deactivated } = await approvals(this.ctx);
      const options = analysisOptions(v, acceptances, deactivated);
      const result = analyse(this.ctx.extract, this.ctx.ruleset, options);
      await storeFindings(this.ctx, id, result.findings, demoFindingUsage(this.ctx.extract, this.ctx.ruleset, options, result.findings));
      await this.patch(id, { status: 'completed', progress: 100, phase: 'done', counts: result.counts, finishedAt: this.ctx.now().toISOString() });
      await reapplyDemoMitigations(this.ctx, id);
    } catch (e) {
      await this.patch(id, { status: 'failed', error: e instanceof Error ? e.message : String(e), finishedAt: this.ctx.now().toISOString() });
    }
  }

  private async patch(id: string, patch: Record<string, unknown>): Promise<Rec | null> {
    const previous = await findRecord(this.ctx, 'analyses', id);
    if (!previous) return null;
    const data = { ...previous, ...patch, updatedAt: this.ctx.now().toISOString() };
    await this.ctx.provider.update('analyses', { id, data, previousData: previous });
    return data;
  }

  private async statusOf(id: string): Promise<string | null> {
    const record = await findRecord(this.ctx, 'analyses', id);
    return record ? String(record.status) : null;
  }
}
