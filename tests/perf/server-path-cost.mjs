/* global process, console, performance, crypto, URL, setTimeout */
/**
 * The server path of one analysis on PostgreSQL (issue 30 item 3), on the compiled server
 * (`node bin/build-server.js` first), as a worker runs it: claim → evaluated in its thread →
 * findings stored → completed (runAnalysis, in this process; the API's POST only inserts the
 * row and enqueues). Prints wall and CPU time of this process (all its threads: the analysis
 * thread included), its peak RSS, the CPU of this database's PostgreSQL backends, and the
 * rows and bytes of the analysis's findings.
 *   node tests/perf/server-path-cost.mjs import <postgres url> <landscape dir> <YYYY-MM-DD>
 *   node tests/perf/server-path-cost.mjs run <postgres url> <customer> <system period> <risk period> <YYYY-MM-DD> [keep]
 *   node tests/perf/server-path-cost.mjs load <postgres url> <customer> <system period> <risk period> <analysis> [seconds]
 * `load`: the list endpoints under 100 concurrent clients on a kept analysis (bench-load.ts, as `segra bench --server`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const load = (p) => import(path.join(root, '.compiled', p));
const { openPostgres } = await load('server/db/database.js');
const { migrate } = await load('server/db/migrate.js');

const [mode, url, ...rest] = process.argv.slice(2);
const db = await openPostgres(url);
await migrate(db);
const one = async (sql, params) => (await db.query(sql, params)).rows[0].id;

const readCpu = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
};

/**
 * user+sys seconds of this database's PostgreSQL backends while `work` runs: the backends are
 * listed every 200 ms, so one the pool opens and closes meanwhile (a COPY's) is counted too;
 * each counts from its value when first seen (0 if it started during the run) to its last.
 */
async function backendCpuDuring(work) {
  const first = new Map();
  const last = new Map();
  const poll = async () => {
    const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    for (const { pid } of rows) {
      try {
        const s = readCpu(pid);
        if (!first.has(pid)) first.set(pid, started ? 0 : s);
        last.set(pid, s);
      } catch {
        // a backend gone meanwhile
      }
    }
  };
  let started = false;
  await poll();
  started = true;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      await new Promise((r) => setTimeout(r, 200));
      await poll().catch(() => {});
    }
  })();
  try {
    return { result: await work(), seconds: () => [...last].reduce((s, [pid, v]) => s + v - first.get(pid), 0) };
  } finally {
    polling = false;
    await poller;
    await poll().catch(() => {});
  }
}

if (mode === 'import') {
  const [dir, date] = rest;
  const { runExtractImport } = await load('server/jobs/import-extract-job.js');
  const { readRuleset } = await load('server/importers/ruleset-reader.js');
  const { writeRuleset } = await load('server/periods/ruleset-store.js');
  const customerId = await one(`INSERT INTO customers (name) VALUES ($1) RETURNING id`, [`server path ${new Date().toISOString()}`]);
  const systemId = await one(
    `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'BEN', 'bench', 'bench', '0000000000', '00') RETURNING id`,
    [customerId],
  );
  const importId = crypto.randomUUID();
  const periodId = await one(
    `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id) VALUES ($1, $2, 'bench', $3, 'importing', $4) RETURNING id`,
    [customerId, systemId, date, importId],
  );
  const t = performance.now();
  await runExtractImport(db, { periodId, importId, dir: path.join(dir, 'upload-not-removed'), input: path.join(dir, 'system') });
  const importMs = performance.now() - t;
  const status = (await db.query('SELECT status, error FROM system_periods WHERE id = $1', [periodId])).rows[0];
  if (status.status !== 'ready') throw new Error(`import ${JSON.stringify(status.error)}`);
  const riskPeriodId = await one(`INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'bench', $2, 'ready') RETURNING id`, [customerId, date]);
  await writeRuleset(db, customerId, riskPeriodId, await readRuleset(path.join(dir, 'rules')));
  console.log(JSON.stringify({ customerId, periodId, riskPeriodId, importMs: Math.round(importMs) }));
} else if (mode === 'run') {
  const [customerId, periodId, riskPeriodId, date, keep] = rest;
  const { runAnalysis } = await load('server/analyses/run-analysis.js');
  const id = await one(
    `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date) VALUES ($1, 'server path', $2, $3, 'permission', 'same-instance', $4) RETURNING id`,
    [customerId, periodId, riskPeriodId, date],
  );
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const pg = await backendCpuDuring(() => runAnalysis(db, id));
  const outcome = pg.result;
  const wallMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  if (outcome !== 'completed') throw new Error(`analysis ${outcome}: ${JSON.stringify((await db.query('SELECT error FROM analyses WHERE id = $1', [id])).rows[0])}`);
  const size = (
    await db.query(
      `SELECT count(*)::int AS n, sum(pg_column_size(f.*))::bigint AS row_bytes, sum(pg_column_size(provenance))::bigint AS provenance_bytes,
              sum(octet_length(provenance::text))::bigint AS provenance_text_bytes, sum(pg_column_size(sources))::bigint AS sources_bytes
       FROM findings f WHERE analysis_id = $1`,
      [id],
    )
  ).rows[0];
  // The analysis's own table (migration 0044: a partition of findings per analysis).
  const table = (
    await db.query(
      `SELECT pg_total_relation_size(t)::bigint AS total, pg_relation_size(t)::bigint AS heap, pg_indexes_size(t)::bigint AS indexes
       FROM (SELECT findings_partition_name($1)::regclass AS t) p`,
      [id],
    )
  ).rows[0];
  const counts = (await db.query('SELECT counts FROM analyses WHERE id = $1', [id])).rows[0].counts;
  console.log(
    JSON.stringify({
      analysisId: id,
      findings: counts.findings,
      rows: size.n,
      wallS: +(wallMs / 1000).toFixed(2),
      processCpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      // Backends of this database at the start and the end (the pool's): PostgreSQL's share of the work.
      postgresCpuS: +pg.seconds().toFixed(2),
      bytesPerFinding: Math.round(Number(size.row_bytes) / size.n),
      provenanceBytesPerFinding: Math.round(Number(size.provenance_bytes) / size.n),
      provenanceTextBytesPerFinding: Math.round(Number(size.provenance_text_bytes) / size.n),
      findingsTableMiB: { total: Math.round(table.total / 2 ** 20), heap: Math.round(table.heap / 2 ** 20), indexes: Math.round(table.indexes / 2 ** 20) },
    }),
  );
  if (keep !== 'keep') await db.query('DELETE FROM analyses WHERE id = $1', [id]);
} else if (mode === 'load') {
  const [customerId, systemPeriodId, riskPeriodId, analysisId, seconds] = rest;
  const { loadTestApi } = await load('server/cli/bench-load.js');
  const results = await loadTestApi(db, url, { customerId, systemPeriodId, riskPeriodId, analysisId }, Number(seconds ?? 5));
  for (const r of results) console.log(JSON.stringify(r));
  await db.query('DELETE FROM app_users WHERE customer_id = $1', [customerId]);
}
await db.close();
