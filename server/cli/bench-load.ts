import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { CpuMeter } from './bench-cpu.ts';

const SEGRA = path.join(PROJECT_ROOT, 'bin', 'segra.js');

/** What the load test reads: the bench customer's period, ruleset and completed analysis. */
export interface LoadTargets {
  customerId: string;
  systemPeriodId: string;
  riskPeriodId: string;
  analysisId: string;
}

export interface EndpointLoad {
  name: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /** Mean size of an answer's body and headers. */
  kbPerResponse: number;
  /** CPU per answer (ms) of the API server and its database backends: comparable on a busy machine. */
  cpuMsPerResponse: number;
}

/** DESIGN 10: "API list endpoints under 100 concurrent clients: p99 < 100 ms, no errors". */
export const LOAD_CONNECTIONS = 100;

const q = (params: Record<string, unknown>): string =>
  '?' + Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');

/**
 * The list screens' own requests (simple-rest: filter, sort, range). Every request asks for a
 * random page among the first `pages`, as many users paging at once would: the same URL
 * repeated would only measure a cache. On PostgreSQL the findings' pages are kept once read
 * (kept-pages.ts), so their rows show the first reads and then kept pages; the last row asks the
 * first list of a node that keeps none (KEEP_LIST_PAGES=false).
 */
function endpoints(t: LoadTargets & { riskId: string }): { name: string; path: (page: number) => string; pages: number }[] {
  const range = (page: number) => [page * 25, page * 25 + 24];
  return [
    { name: 'findings of an analysis (default sort)', pages: 200, path: (p) => `/api/findings${q({ filter: { analysisId: t.analysisId }, sort: ['holder', 'ASC'], range: range(p) })}` },
    { name: 'findings, user level', pages: 200, path: (p) => `/api/findings${q({ filter: { analysisId: t.analysisId, level: ['USER'] }, sort: ['holder', 'ASC'], range: range(p) })}` },
    { name: 'findings, one risk', pages: 20, path: (p) => `/api/findings${q({ filter: { analysisId: t.analysisId, riskId: [t.riskId] }, sort: ['holder', 'ASC'], range: range(p) })}` },
    { name: 'findings, high risks, by risk', pages: 40, path: (p) => `/api/findings${q({ filter: { analysisId: t.analysisId, riskLevel: ['HIGH'] }, sort: ['riskId', 'DESC'], range: range(p) })}` },
    { name: 'findings, search', pages: 4, path: (p) => `/api/findings${q({ filter: { analysisId: t.analysisId, q: 'FI' }, range: range(p) })}` },
    { name: 'AGR_1251 of the period', pages: 2000, path: (p) => `/api/system-periods/${t.systemPeriodId}/tables/AGR_1251${q({ range: range(p) })}` },
    { name: 'risks of the ruleset', pages: 4, path: (p) => `/api/risks${q({ filter: { riskPeriodId: t.riskPeriodId }, sort: ['riskId', 'ASC'], range: range(p) })}` },
    { name: 'analyses', pages: 1, path: (p) => `/api/analyses${q({ sort: ['createdAt', 'DESC'], range: range(p) })}` },
  ];
}

/** Waits until the database has no query of the last endpoint still running, so each endpoint is measured alone. */
async function drained(db: Database): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`);
    if (Number(rows[0].n) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `segra serve --no-worker` on the bench database, as deployed: its own process and event loop. */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SEGRA, 'serve', '--no-worker'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', LOGIN_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the bench server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) return { base, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the bench server did not start within 30 s');
}


async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
}

/** One endpoint under LOAD_CONNECTIONS clients for `seconds`, on the server at `base` (process `pid`). */
async function measure(
  db: Database,
  base: string,
  headers: Record<string, string>,
  pid: number,
  e: { name: string; path: (page: number) => string; pages: number },
  seconds: number,
): Promise<EndpointLoad> {
  const probe = await fetch(`${base}${e.path(e.pages - 1)}`, { headers });
  if (probe.status !== 200) throw new Error(`${e.name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
  await drained(db);
  const cpu = await CpuMeter.begin(db, pid);
  const r = await autocannon({
    url: base,
    connections: LOAD_CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: e.path(Math.floor(Math.random() * e.pages)) }) }],
  });
  const cpuMs = await cpu.end();
  return {
    name: e.name,
    requests: r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    kbPerResponse: r.requests.total ? r.throughput.total / r.requests.total / 1024 : 0,
    cpuMsPerResponse: r.requests.total ? cpuMs / r.requests.total : 0,
  };
}

/**
 * Starts the real server (every plugin, authentication, tenant scoping; request logging at
 * warn, a quiet production setting) in its own process and lets LOAD_CONNECTIONS clients hit
 * each list endpoint for `seconds`, as a user of the bench customer. Latency per endpoint.
 */
export async function loadTestApi(
  db: Database,
  databaseUrl: string,
  targets: LoadTargets,
  seconds: number,
  /** Asked first, on the freshly started server (the first simulation finds nothing cached). */
  first?: (base: string, headers: Record<string, string>) => Promise<void>,
): Promise<EndpointLoad[]> {
  const email = `bench-${targets.customerId}@segra.local`;
  await db.query(
    `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role) VALUES ($1, $2, $2, 'Bench', $3, 'Admin')`,
    [targets.customerId, email, await hashPassword('bench-load')],
  );
  const { base, child } = await startServer(databaseUrl);
  try {
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-load' }) });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    await first?.(base, headers);
    const results: EndpointLoad[] = [];
    // The risk with the most findings, for the list filtered by one risk.
    const top = await db.query<{ risk_id: string }>(
      'SELECT risk_id FROM findings WHERE analysis_id = $1 GROUP BY risk_id ORDER BY count(*) DESC, risk_id LIMIT 1',
      [targets.analysisId],
    );
    const list = endpoints({ ...targets, riskId: top.rows[0]?.risk_id ?? '' });
    for (const e of list) results.push(await measure(db, base, headers, child.pid!, e, seconds));
    // The first list once more on a node that keeps no page (KEEP_LIST_PAGES=false): what a page read anew costs.
    const plain = await startServer(databaseUrl, { KEEP_LIST_PAGES: 'false' });
    try {
      results.push(await measure(db, plain.base, headers, plain.child.pid!, { ...list[0], name: `${list[0].name}, pages not kept` }, seconds));
    } finally {
      await stopServer(plain.child);
    }
    return results;
  } finally {
    await stopServer(child);
    await db.query('DELETE FROM app_users WHERE email = $1', [email]);
  }
}
