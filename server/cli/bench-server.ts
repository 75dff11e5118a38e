import path from 'node:path';
import { runAnalysis } from '../analyses/run-analysis.ts';
import { insertAnalysis } from '../modules/analyses/analyses-store.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { runExtractImport } from '../jobs/import-extract-job.ts';
import { JOBS } from '../jobs/job-names.ts';
import { startQueue } from '../jobs/queue.ts';
import { deleteImport } from '../periods/extract-store.ts';
import { readRuleset } from '../importers/ruleset-reader.ts';
import { writeRuleset } from '../periods/ruleset-store.ts';
import { loadTestApi, type EndpointLoad } from './bench-load.ts';
import { benchSimulations, type SimulationLoad } from './bench-simulation.ts';

export interface ServerMeasurement {
  size: string;
  agr1251Rows: number;
  importMs: number;
  rowsPerSecond: number;
  enqueuedToCompletedMs: number;
  findings: number;
  /** The list endpoints under load (DESIGN 10), on this size's data; empty when not asked for. */
  load: EndpointLoad[];
  /** Simulations through the API on this size's period (asked with the load test). */
  simulations?: SimulationLoad;
}

const one = async (db: Database, sql: string, params: unknown[]): Promise<string> => (await db.query<{ id: string }>(sql, params)).rows[0].id;

/**
 * The server's share of DESIGN 10 on PostgreSQL: the import of an extract (read, check, COPY)
 * timed from start to the period being ready, and an analysis timed from being enqueued on the
 * job queue to completed with its findings stored; with `loadSeconds`, the list endpoints under
 * 100 concurrent clients on that data (bench-load.ts). Runs in its own customer, removed afterwards.
 */
export async function benchServer(databaseUrl: string, size: string, dir: string, date: string, loadSeconds = 0): Promise<ServerMeasurement> {
  const db = await openPostgres(databaseUrl);
  await migrate(db);
  const customerId = await one(db, `INSERT INTO customers (name) VALUES ($1) RETURNING id`, [`bench ${new Date().toISOString()}`]);
  const queue = await startQueue(db, { work: true });
  try {
    const systemId = await one(
      db,
      `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'BEN', 'bench', 'bench', '0000000000', '00') RETURNING id`,
      [customerId],
    );
    const importId = crypto.randomUUID();
    const periodId = await one(
      db,
      `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id) VALUES ($1, $2, $3, $4, 'importing', $5) RETURNING id`,
      [customerId, systemId, `bench ${size}`, date, importId],
    );
    const t0 = performance.now();
    // The job itself, in this process: reading, checking and COPY, as a worker runs it (the upload is not timed).
    await runExtractImport(db, { periodId, importId, dir: path.join(dir, 'upload-not-removed'), input: path.join(dir, 'system') });
    const importMs = performance.now() - t0;
    const period = await db.query<{ status: string; error: unknown; row_counts: Record<string, number> }>('SELECT status, error, row_counts FROM system_periods WHERE id = $1', [periodId]);
    if (period.rows[0].status !== 'ready') throw new Error(`the bench import failed: ${JSON.stringify(period.rows[0].error)}`);
    const agr1251Rows = period.rows[0].row_counts.AGR_1251;

    const riskPeriodId = await one(db, `INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'bench', $2, 'ready') RETURNING id`, [customerId, date]);
    await writeRuleset(db, customerId, riskPeriodId, await readRuleset(path.join(dir, 'rules')));
    const analysisId = await insertAnalysis(db, {
      customerId,
      name: 'bench',
      description: '',
      systemPeriodId: periodId,
      riskPeriodId,
      level: 'permission',
      mode: 'same-instance',
      includeLocked: false,
      includeExpired: false,
      analysisDate: date,
      createdBy: null,
    });
    const done = new Promise<void>((resolve, reject) => {
      void queue.work<{ analysisId: string }>(JOBS.analysis, async (data) => {
        const outcome = await runAnalysis(db, data.analysisId);
        if (outcome === 'completed') resolve();
        else reject(new Error(`the bench analysis ended ${outcome}`));
      }, { pollingIntervalSeconds: 0.5 });
    });
    const t1 = performance.now();
    await queue.send(JOBS.analysis, { analysisId });
    await done;
    const enqueuedToCompletedMs = performance.now() - t1;
    const counts = await db.query<{ counts: { findings: number } }>('SELECT counts FROM analyses WHERE id = $1', [analysisId]);
    let simulations: SimulationLoad | undefined;
    const load =
      loadSeconds > 0
        ? await loadTestApi(db, databaseUrl, { customerId, systemPeriodId: periodId, riskPeriodId, analysisId }, loadSeconds, async (base, headers) => {
            simulations = await benchSimulations(db, base, headers, { systemPeriodId: periodId, riskPeriodId });
          })
        : [];
    await deleteImport(db, importId);
    return { size, agr1251Rows, importMs, rowsPerSecond: agr1251Rows / (importMs / 1000), enqueuedToCompletedMs, findings: counts.rows[0].counts.findings, load, simulations };
  } finally {
    await queue.stop();
    await db.query('DELETE FROM findings WHERE customer_id = $1', [customerId]);
    for (const t of ['analyses', 'risks', 'functions', 'risk_periods', 'system_periods', 'systems']) await db.query(`DELETE FROM ${t} WHERE customer_id = $1`, [customerId]);
    await db.query('DELETE FROM customers WHERE id = $1', [customerId]);
    await db.close();
  }
}
