import { parseDate8 } from '../../engine/model/dates.ts';
import type { AnalysisLevel, InstanceMode, RiskAcceptance } from '../../engine/model/analysis.ts';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import { nextTurn } from '../db/next-turn.ts';
import { abandonActiveBasisRuns } from '../jobs/basis-job.ts';
import type { AnalysisShardJob } from '../jobs/job-names.ts';
import { readExtractChunks } from '../periods/extract-chunks.ts';
import { ExtractDecoder } from '../periods/extract-decoder.ts';
import { PERIOD_TABLES } from '../../contracts/period-tables.ts';
import { loadRuleset } from '../periods/ruleset-store.ts';
import { loadAcceptances, loadDeactivations } from './acceptances.ts';
import { mitigateAnalysis } from './mitigations.ts';
import { deactivateAnalysis } from './deactivations.ts';
import { AnalysisThread } from './analysis-thread.ts';
import { loadAnalysisUsage, usageObjects, type AnalysisUsageData, usageWindow } from './analysis-usage.ts';
import { analysisWarnings } from './analysis-warnings.ts';
import { FINDING_COLUMNS } from './finding-lines.ts';
import { removeFindings } from './remove-findings.ts';
import { attachFindingsTable, createFindingsTable, findingsTableOf, type FindingsTable } from './findings-partition.ts';
import { objectsNeeded } from './objects-needed.ts';
import { withHeartbeat } from '../workers/with-heartbeat.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { notifyAnalysisEnded } from '../modules/notifications/notifications.ts';
import * as store from '../modules/analyses/analyses-store.ts';
import { loadAnalysisSystems } from '../modules/analyses/analysis-systems.ts';
import type { AnalysisSystem } from '../../contracts/analysis-systems.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { loadUserMap } from '../modules/user-map/user-map-store.ts';

/** Thrown when the analysis was canceled (or deleted) while it ran: nothing is stored. */
export class AnalysisCanceled extends Error {}

interface AnalysisRow {
  id: string;
  customer_id: string;
  status: string;
  level: AnalysisLevel;
  mode: InstanceMode;
  include_locked: boolean;
  include_expired: boolean;
  analysis_date: string;
  risk_period_id: string;
  data_import_id: string | null;
  with_usage: boolean;
  usage_from: string | null;
  usage_to: string | null;
  usage_import_id: string | null;
  /** A cross-system analysis's systems in SID order (DESIGN 5.18); [] for one system. */
  systems: AnalysisSystem[];
}

async function loadAnalysis(db: Database, id: string): Promise<AnalysisRow | undefined> {
  const { rows } = await db.query<AnalysisRow>(
    `SELECT a.id, a.customer_id, a.status, a.level, a.mode, a.include_locked, a.include_expired, a.analysis_date,
            a.risk_period_id, sp.data_import_id, a.with_usage, a.usage_from,
            a.usage_to, u.usage_import_id
     FROM analyses a JOIN system_periods sp ON sp.id = a.system_period_id
     LEFT JOIN system_period_usage u ON u.system_period_id = a.system_period_id WHERE a.id = $1`,
    [id],
  );
  return rows[0] ? { ...rows[0], systems: await loadAnalysisSystems(db, id) } : undefined;
}

/**
 * Records a phase and proves the worker is alive; throws AnalysisCanceled when the analysis no
 * longer runs. Shards (name null) only prove they are alive: their progress is counted per shard.
 */
async function phase(db: Database, id: string, name: string | null, progress: number): Promise<void> {
  if (!(await store.reportProgress(db, id, name, progress))) throw new AnalysisCanceled();
}

export { FINDING_COLUMNS } from './finding-lines.ts';

export interface AnalysisRunOptions {
  /** Split into this many user shards (ANALYSIS_SHARDS) when the period has enough users. */
  shards?: number;
  shardMinUsers?: number;
  /** Enqueues one shard; without it the analysis always runs whole. */
  enqueueShard?: (job: AnalysisShardJob) => Promise<unknown>;
  /** An earlier attempt of this job died (DESIGN 7b): take over the analysis it left running, without what it stored. */
  restart?: boolean;
}

// Analyses this process is working on: a shutdown that cannot wait for them marks them failed.
const active = new Set<string>();

/**
 * Marks the analyses still running in this process as failed (a shutdown that did not wait for
 * them), so that none stays `running` until a sweep finds it; the basis runs too, since every
 * shutdown path calls this. Returns how many were marked.
 */
export async function abandonActiveAnalyses(db: Database): Promise<number> {
  let n = await abandonActiveBasisRuns(db);
  for (const id of active) {
    if (await store.fail(db, id, 'The server stopped while this analysis ran; run it again')) n++;
  }
  active.clear();
  return n;
}

/** Where a shard ran, for the analysis's shard log. */
const WORKER = `${hostname()}:${process.pid}`;

// The thread of the last analysis prepared here: the shards of one analysis that this worker
// takes share it (its rows loaded and prepared once).
let threadCache: { analysisId: string; thread: Promise<AnalysisThread> } | null = null;

function dropThreadCache(): void {
  const old = threadCache;
  threadCache = null;
  void old?.thread.then((t) => t.terminate()).catch(() => {});
}

// Findings go to the thread's caller in chunks of this many characters: on the embedded
// database each chunk's COPY runs on the API's thread, so it must stay short.
const STORE_CHUNK_CHARS = 32 << 10;

/** The analysis's tables (all but TSTCA, read first) loaded into a new analysis thread. */
async function loadThread(db: Database, a: AnalysisRow, single: boolean): Promise<AnalysisThread> {
  if (!a.data_import_id) throw new Error('The system period has no imported data');
  const date = parseDate8(a.analysis_date);
  if (!date) throw new Error(`The analysis date ${a.analysis_date} is not a date`);
  await phase(db, a.id, single ? 'loading ruleset' : null, 5);
  const ruleset = await loadRuleset(db, a.risk_period_id);
  if (ruleset.risks.length === 0) throw new Error('The risk period has no risks');
  const [acceptances, deactivated] = await Promise.all([loadAcceptances(db, a.customer_id), loadDeactivations(db, a.customer_id)]);
  if (a.systems.length > 1) return loadSystemsThread(db, a, ruleset, acceptances as RiskAcceptance[], deactivated, date);
  const tstca = new ExtractDecoder();
  await readExtractChunks(db, a.data_import_id, (table, bytes) => tstca.add(table, bytes), { tables: ['TSTCA'] });
  const { tcodeChecks } = tstca.finish();
  const objects = objectsNeeded(ruleset, a.level, tcodeChecks, deactivated);
  let usage: AnalysisUsageData | undefined;
  if (a.with_usage) {
    if (!a.usage_import_id) throw new Error('The system period has no usage table; upload one first');
    const window = usageWindow(a.analysis_date, a.usage_from, a.usage_to);
    usage = await loadAnalysisUsage(db, a.usage_import_id, window.from, window.to);
    for (const o of usageObjects(usage, tcodeChecks)) objects.add(o);
  }
  await phase(db, a.id, single ? 'loading system data' : null, 15);
  const thread = new AnalysisThread({
    customerId: a.customer_id,
    analysisId: a.id,
    ruleset,
    tcodeChecks,
    chunkChars: STORE_CHUNK_CHARS,
    ...(usage ? { usage } : {}),
    options: {
      date,
      level: a.level,
      mode: a.mode,
      includeLocked: a.include_locked,
      includeExpired: a.include_expired,
      acceptances: acceptances as RiskAcceptance[],
      deactivatedRiskIds: deactivated,
    },
  });
  try {
    // Between small reads the load proves the worker alive, moves the progress (15 → 45) and
    // stops if the analysis was canceled.
    await readExtractChunks(db, a.data_import_id, (table, bytes) => thread.sendChunk(table, bytes), {
      objects,
      tables: PERIOD_TABLES.map((t) => t.sapName).filter((name) => name !== 'TSTCA'),
      beforeChunk: (done) => phase(db, a.id, single ? 'loading system data' : null, 15 + Math.round(30 * done)),
    });
  } catch (e) {
    await thread.terminate();
    throw e;
  }
  return thread;
}

/**
 * A cross-system analysis (DESIGN 5.18): each system's tables go to the thread after a `system`
 * message naming it, with its own TSTCA and the objects its TSTCA needs; the thread prepares a
 * system as soon as the next begins. Never sharded, never with usage (refused at the request).
 */
async function loadSystemsThread(
  db: Database,
  a: AnalysisRow,
  ruleset: Ruleset,
  acceptances: RiskAcceptance[],
  deactivated: string[],
  date: NonNullable<ReturnType<typeof parseDate8>>,
): Promise<AnalysisThread> {
  const userMap = await loadUserMap(db, a.customer_id);
  await phase(db, a.id, 'loading system data', 15);
  const thread = new AnalysisThread({
    customerId: a.customer_id,
    analysisId: a.id,
    ruleset,
    tcodeChecks: [],
    chunkChars: STORE_CHUNK_CHARS,
    userMap,
    options: { date, level: a.level, mode: a.mode, includeLocked: a.include_locked, includeExpired: a.include_expired, acceptances, deactivatedRiskIds: deactivated },
  });
  try {
    const n = a.systems.length;
    for (const [i, s] of a.systems.entries()) {
      const { rows } = await db.query<{ data_import_id: string | null }>('SELECT data_import_id FROM system_periods WHERE id = $1', [s.systemPeriodId]);
      const importId = rows[0]?.data_import_id;
      if (!importId) throw new Error(`The period of system ${s.sid} has no imported data`);
      const tstca = new ExtractDecoder();
      await readExtractChunks(db, importId, (table, bytes) => tstca.add(table, bytes), { tables: ['TSTCA'] });
      const { tcodeChecks } = tstca.finish();
      thread.startSystem(s.sid, tcodeChecks);
      await readExtractChunks(db, importId, (table, bytes) => thread.sendChunk(table, bytes), {
        objects: objectsNeeded(ruleset, a.level, tcodeChecks, deactivated),
        tables: PERIOD_TABLES.map((t) => t.sapName).filter((name) => name !== 'TSTCA'),
        beforeChunk: (done) => phase(db, a.id, 'loading system data', 15 + Math.round((30 * (i + done)) / n)),
      });
    }
  } catch (e) {
    await thread.terminate();
    throw e;
  }
  return thread;
}

async function prepare(db: Database, a: AnalysisRow, single: boolean): Promise<AnalysisThread> {
  if (single) return loadThread(db, a, true);
  if (threadCache?.analysisId === a.id) return threadCache.thread;
  dropThreadCache();
  const work = loadThread(db, a, false);
  threadCache = { analysisId: a.id, thread: work };
  work.catch(() => {
    if (threadCache?.thread === work) threadCache = null;
  });
  return work;
}

/**
 * Evaluates part `index` of `count` (the whole analysis when count is 1) and stores its
 * findings in one transaction; the part that completes the count completes the analysis with
 * the counts of all parts. A cancel meanwhile rolls the part back.
 */
async function evaluateAndStore(db: Database, a: AnalysisRow, index: number, count: number): Promise<void> {
  active.add(a.id);
  try {
    await evaluateAndStorePart(db, a, index, count);
  } finally {
    active.delete(a.id);
  }
}

async function evaluateAndStorePart(db: Database, a: AnalysisRow, index: number, count: number): Promise<void> {
  const single = count === 1;
  const started = Date.now();
  const thread = await prepare(db, a, single);
  let finished = false;
  try {
    // Fault injection for the worker tests (a worker killed mid-run, shards spread over workers).
    const pause = Number(process.env.SEGRA_TEST_ANALYSIS_PAUSE_MS ?? 0);
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    await phase(db, a.id, single ? 'evaluating' : null, 50);
    await withHeartbeat(thread.evaluate(index, count), () => phase(db, a.id, null, 0));
    // The findings are evaluated as they are stored (the thread holds a chunk of them, never
    // the part): the progress moves with the part's holders, and each beat proves it alive.
    const beat = (): Promise<void> => phase(db, a.id, single ? 'evaluating' : null, single ? 50 + Math.floor(49 * thread.progress) : 0);
    const entry = (findings: number): string => JSON.stringify([{ shard: index, worker: WORKER, ms: Date.now() - started, findings }]);
    // A shard's findings go to the table made when the analysis was split; a whole analysis makes its own.
    const shardTable = single ? null : await findingsTableOf(db, a.id);
    if (!single && !shardTable) throw new AnalysisCanceled(); // failed meanwhile: its findings were removed
    if (single && db.kind === 'pglite') finished = await storeInSteps(db, a, thread, entry);
    else if (db.kind === 'pglite') {
      // A shard on the embedded database: its transaction would hold the only connection while
      // the part is evaluated, so the part's COPY text is made first and stored in one go.
      const chunks: string[] = [];
      await withHeartbeat(
        (async () => {
          for await (const chunk of thread.lines()) chunks.push(chunk);
        })(),
        beat,
      );
      finished = (await storeInTransaction(db, a, chunks, thread, entry, shardTable)) !== null;
    } else {
      if (single) await removeFindings(db, a.id); // a dead attempt's, in a short statement of its own
      const stored = await withHeartbeat(storeInTransaction(db, a, thread.lines(), thread, entry, shardTable), beat);
      finished = stored !== null;
      if (stored) await markVisible(db, stored);
    }
  } catch (e) {
    if (single) await thread.terminate();
    else dropThreadCache();
    throw e;
  }
  if (single) await thread.terminate();
  else if (finished && threadCache?.analysisId === a.id) dropThreadCache();
}

/**
 * After an analysis completed on PostgreSQL: VACUUM marks its new findings' pages all-visible,
 * which is what lets the findings list pick a page's ids by an index-only scan (migration
 * 0017), and ANALYZE gives the planner the new analysis's numbers. Only its table is read.
 */
async function markVisible(db: Database, table: FindingsTable): Promise<void> {
  try {
    await db.exec(`VACUUM (ANALYZE) "${table.name}"`);
  } catch (e) {
    console.error('[analysis] VACUUM findings', e);
  }
}

/**
 * The part's findings (`lines`, from the thread) in one transaction (PostgreSQL, where it blocks
 * no one, and shards), into the shard's table or, for a whole analysis, a table made in it.
 * Returns the analysis's table once the part completed it (attached by then), else null.
 */
async function storeInTransaction(
  db: Database,
  a: AnalysisRow,
  lines: AsyncIterable<string> | Iterable<string>,
  thread: AnalysisThread,
  entry: (findings: number) => string,
  shardTable: FindingsTable | null,
): Promise<FindingsTable | null> {
  return db.transaction(async (tx) => {
    const table = shardTable ?? (await createFindingsTable(tx, a.id));
    // A table made in this transaction takes its rows frozen: the VACUUM after (markVisible) has nothing left to visit.
    await tx.copyIn(table.name, FINDING_COLUMNS, lines, { freeze: shardTable === null && table.detached });
    const part = thread.evaluated();
    const parts = await store.recordPartStored(tx, a.id, entry(part.findings));
    if (parts === null) throw new AnalysisCanceled(); // canceled or failed meanwhile: roll this part back
    if (parts.done < parts.shards) return null;
    if (table.detached) await attachFindingsTable(tx, a.id); // builds its indexes: the findings become visible
    await mitigateAnalysis(tx, a.customer_id, a.id); // DESIGN 5.16, on all parts' findings
    await deactivateAnalysis(tx, a.customer_id, a.id); // a risk deactivated meanwhile (issue 27)
    const totals = await tx.query<{ findings: number; accepted: number }>(
      `SELECT count(*)::int AS findings, (count(*) FILTER (WHERE accepted))::int AS accepted FROM findings WHERE analysis_id = $1`,
      [a.id],
    );
    const counts = { ...part.counts, findings: Number(totals.rows[0].findings), acceptedFindings: Number(totals.rows[0].accepted) };
    await complete(tx, a.id, counts, part.excludedUsers, part.warnings);
    return table;
  });
}

/**
 * The findings of a whole analysis on the embedded database: one transaction would hold its
 * only connection (and every API request) for the whole store, so the findings go in small
 * COPYs with the event loop served between them, each proving the analysis still runs; the
 * analysis completes in a last short transaction. Until then they belong to a running analysis,
 * and a cancel or failure removes them (nothing of it stays stored).
 */
async function storeInSteps(db: Database, a: AnalysisRow, thread: AnalysisThread, entry: (findings: number) => string): Promise<boolean> {
  await removeFindings(db, a.id);
  try {
    const table = await createFindingsTable(db, a.id); // attached at once here: see findings-partition.ts
    for await (const chunk of thread.lines()) {
      await db.copyIn(table.name, FINDING_COLUMNS, [chunk]);
      await phase(db, a.id, 'evaluating', 50 + Math.floor(49 * thread.progress));
      await nextTurn();
    }
    const part = thread.evaluated();
    await mitigateAnalysis(db, a.customer_id, a.id); // DESIGN 5.16
    await deactivateAnalysis(db, a.customer_id, a.id); // a risk deactivated meanwhile (issue 27)
    return await db.transaction(async (tx) => {
      if (!(await store.recordWholeStored(tx, a.id, entry(part.findings)))) throw new AnalysisCanceled();
      await complete(tx, a.id, { ...part.counts, findings: part.findings, acceptedFindings: part.accepted }, part.excludedUsers, part.warnings);
      return true;
    });
  } catch (e) {
    await removeFindings(db, a.id);
    throw e;
  }
}

async function complete(tx: Database, id: string, counts: Record<string, number>, excludedUsers: unknown, warnings?: readonly unknown[]): Promise<void> {
  // The engine's own warnings of a cross-system run join the inputs' (stored when it started).
  if (warnings && warnings.length > 0) await store.appendWarnings(tx, id, warnings);
  // The part's own update above locked the running row in this transaction, so this cannot miss.
  await store.complete(tx, id, counts, excludedUsers);
  await notifyAnalysisEnded(tx, id, true);
}

async function fail(db: Database, analysisId: string, e: unknown): Promise<void> {
  const failed = await store.fail(db, analysisId, (e as Error)?.message ?? String(e));
  // Parts that other shards stored before the failure go too: a failed analysis has no findings.
  // (A shard storing later finds the analysis no longer running and rolls its part back.)
  if (failed) await removeFindings(db, analysisId);
  if (failed) await notifyAnalysisEnded(db, analysisId, false);
  console.error('[analysis]', analysisId, e);
}

/**
 * Runs one queued analysis (DESIGN 5) from the stored periods: load the ruleset and the
 * objects it needs, evaluate, store the findings and the counts. With shards configured and
 * enough users, it only splits the work into shard jobs for the workers to share. A cancel
 * (status no longer `running`) stops it at the next phase and nothing is stored.
 */
export async function runAnalysis(db: Database, analysisId: string, options: AnalysisRunOptions = {}): Promise<'completed' | 'sharded' | 'skipped' | 'canceled'> {
  if (!(await store.markRunning(db, analysisId, options.restart))) return 'skipped'; // canceled before it started, or already taken
  try {
    // Nothing of the dead attempt stays: the findings it had stored (in steps, or by shards) go first.
    if (options.restart) await removeFindings(db, analysisId);
    const a = await loadAnalysis(db, analysisId);
    if (!a) throw new AnalysisCanceled();
    // What it reads, for the report an auditor files (issue 27): the files of both are kept (import_files).
    await db.query(
      `UPDATE analyses SET data_import_id = $2, ruleset_upload_id = (SELECT ruleset_upload_id FROM risk_periods WHERE id = $3) WHERE id = $1`,
      [a.id, a.data_import_id, a.risk_period_id],
    );
    // The inputs' warnings go with the result (DESIGN 4.1b), stored once for all shards.
    if (!(await store.recordWarnings(db, a.id, await analysisWarnings(db, a)))) throw new AnalysisCanceled();
    const shards = options.shards ?? 1;
    // A cross-system analysis runs whole: its persons span every system's users.
    if (shards > 1 && options.enqueueShard && a.data_import_id && a.systems.length <= 1) {
      const users = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sap_usr02 WHERE import_id = $1', [a.data_import_id]);
      if (Number(users.rows[0].n) >= (options.shardMinUsers ?? 1)) {
        if (!(await store.splitIntoShards(db, analysisId, shards))) throw new AnalysisCanceled();
        await removeFindings(db, analysisId);
        await createFindingsTable(db, analysisId);
        for (let shard = 0; shard < shards; shard++) await options.enqueueShard({ analysisId, shard, shards });
        return 'sharded';
      }
    }
    await evaluateAndStore(db, a, 0, 1);
    return 'completed';
  } catch (e) {
    if (e instanceof AnalysisCanceled) return 'canceled';
    // The database went away: not the analysis's fault; the job is retried once it is back (job-takeover.ts).
    if (isDatabaseUnavailable(e)) throw e;
    await fail(db, analysisId, e);
    return 'skipped';
  }
}

/** Runs one shard of a split analysis; the last shard to finish completes it. */
export async function runAnalysisShard(db: Database, job: AnalysisShardJob): Promise<'stored' | 'canceled' | 'failed'> {
  const a = await loadAnalysis(db, job.analysisId);
  if (!a || a.status !== 'running') return 'canceled';
  try {
    await evaluateAndStore(db, a, job.shard, job.shards);
    return 'stored';
  } catch (e) {
    if (e instanceof AnalysisCanceled) return 'canceled';
    if (isDatabaseUnavailable(e)) throw e; // retried, as a whole analysis is
    await fail(db, job.analysisId, e);
    return 'failed';
  }
}
