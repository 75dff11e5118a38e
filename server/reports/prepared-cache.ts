import type { AnalysisLevel, InstanceMode } from '../../engine/model/analysis.ts';
import type { Date8 } from '../../engine/model/dates.ts';
import { objectsNeeded } from '../analyses/objects-needed.ts';
import type { Database } from '../db/database.ts';
import { readExtractChunks } from '../periods/extract-chunks.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { analyzeImport, importAnalyzed } from '../periods/extract-store.ts';
import { loadRuleset } from '../periods/ruleset-store.ts';
import { SimulationThread } from './simulation-thread.ts';

/** What a prepared analysis is built from; the key says which version of each. */
export interface PreparedKeyInput {
  dataImportId: string;
  riskPeriodId: string;
  customerId: string;
  level: AnalysisLevel;
  mode: InstanceMode;
  date: Date8;
}

export interface CachedPrepared {
  /** The thread holding the prepared analysis; simulations are asked of it. */
  thread: SimulationThread;
  /** Milliseconds the load and preparation took when this entry was built. */
  loadMs: number;
}

/**
 * The version of a risk period's ruleset and of the customer's deactivations: a change of any
 * risk or function (edit, insert, delete, re-import) or of a deactivation gives another key,
 * so a stale preparation is never served. Acceptances are not in the key: they are applied to
 * simulation results afterwards (they change often and do not change what is met).
 */
async function rulesetVersion(db: Database, riskPeriodId: string, customerId: string): Promise<{ version: string; deactivated: string[] }> {
  const { rows } = await db.query<{ rp: string | null; risks: string; functions: string; deactivated: string[] | null }>(
    `SELECT (SELECT coalesce(imported_at::text, '') || '/' || updated_at::text FROM risk_periods WHERE id = $1) AS rp,
            (SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') FROM risks WHERE risk_period_id = $1) AS risks,
            (SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') FROM functions WHERE risk_period_id = $1) AS functions,
            (SELECT array_agg(risk_id ORDER BY risk_id) FROM risk_deactivations WHERE customer_id = $2) AS deactivated`,
    [riskPeriodId, customerId],
  );
  const r = rows[0];
  const deactivated = r.deactivated ?? [];
  return { version: [r.rp ?? '', r.risks, r.functions, deactivated.join(',')].join('|'), deactivated };
}

/**
 * A small LRU of simulation threads, one per stored extract, ruleset version, date, level and
 * mode, each holding the ruleset (its objects and start checks decided once); a simulation reads
 * only its holder's rows of the period (holder-slice.ts), so the first simulation on a
 * 5-million-row period costs a thread start and a few indexed queries, not a load of the period,
 * and nothing of it runs on the API's event loop; concurrent first calls share one start. A
 * failed start is not kept; an entry pushed out ends its thread.
 */
export class PreparedCache {
  private readonly entries = new Map<string, Promise<CachedPrepared>>();

  constructor(
    private readonly db: Database,
    readonly capacity = 2,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The prepared analysis for the inputs, and whether it was already cached (or being loaded). */
  async get(input: PreparedKeyInput): Promise<CachedPrepared & { cached: boolean }> {
    const { version, deactivated } = await rulesetVersion(this.db, input.riskPeriodId, input.customerId);
    const key = [input.dataImportId, input.riskPeriodId, version, input.level, input.mode, input.date].join('#');
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return { ...(await known), cached: true };
    }
    const loading = this.load(input, deactivated);
    this.entries.set(key, loading);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value!;
      this.drop(this.entries.get(oldest)!);
      this.entries.delete(oldest);
    }
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return { ...(await loading), cached: false };
  }

  clear(): void {
    for (const entry of this.entries.values()) this.drop(entry);
    this.entries.clear();
  }

  private drop(entry: Promise<CachedPrepared>): void {
    entry.then((e) => e.thread.drop()).catch(() => {});
  }

  private async load(input: PreparedKeyInput, deactivated: string[]): Promise<CachedPrepared> {
    const started = performance.now();
    const ruleset = await loadRuleset(this.db, input.riskPeriodId);
    const tstca = new ExtractDecoder();
    await readExtractChunks(this.db, input.dataImportId, (table, bytes) => tstca.add(table, bytes), { tables: ['TSTCA'] });
    const { tcodeChecks } = tstca.finish();
    const objects = objectsNeeded(ruleset, input.level, tcodeChecks, deactivated);
    // An import written before the import job gave the planner statistics gets them once (about a second on L).
    if (!(await importAnalyzed(this.db, input.dataImportId))) await analyzeImport(this.db, input.dataImportId);
    const thread = new SimulationThread(
      {
        ruleset,
        tcodeChecks,
        options: {
          date: input.date,
          level: input.level,
          mode: input.mode,
          // Scope does not matter for one holder: a simulated user is evaluated whatever its lock.
          includeLocked: true,
          includeExpired: true,
          deactivatedRiskIds: deactivated,
        },
      },
      // Each simulation reads its holder's rows of the period (holder-slice.ts): nothing of the period is kept here.
      { db: this.db, importId: input.dataImportId, objects },
    );
    try {
      await thread.prepare();
    } catch (e) {
      thread.drop();
      throw e;
    }
    return { thread, loadMs: Math.round(performance.now() - started) };
  }
}
