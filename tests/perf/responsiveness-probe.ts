/**
 * The responsiveness probe of issue 12 (DESIGN 10: any API request while an analysis runs,
 * p99 < 200 ms): starts `segra serve` on the embedded database in its own data folder, imports
 * an extract and a ruleset through the API, then runs an analysis while light requests
 * (`GET /api/health`, `GET /api/analyses/:id`) hammer the server, and cancels a second one
 * while it runs. Prints latencies, the statuses and progress seen, and the cancel's timing.
 *
 *   npx tsx tests/perf/responsiveness-probe.ts --data /tmp/perf-M [--port 9106] [--runs 1]
 *
 * Not a vitest file: it needs an M extract (`segra generate --size M`) and a quiet machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';

const { values: args } = parseArgs({
  options: { data: { type: 'string', default: '/tmp/perf-M' }, port: { type: 'string', default: '9106' }, runs: { type: 'string', default: '1' } },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'probe-password-123';
const dataDir = mkdtempSync(path.join(tmpdir(), 'segra-probe-'));

const server = spawn(process.execPath, [path.resolve('bin/segra.js'), 'serve'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEGRA_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', JOB_POLL_SECONDS: '0.5' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
server.stdout!.on('data', () => {});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let token = '';
let customerId = '';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a probe reads whatever JSON comes back
type Json = any;

async function call(method: string, url: string, body?: unknown): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (customerId) headers['x-customer-id'] = customerId;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = await fetch(BASE + url, { method, headers, body: payload });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body: parsed, headers: r.headers };
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 300)}`);
    await sleep(300);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Light requests in `clients` parallel loops until `stop()` is true: their latencies. */
async function hammer(urls: string[], clients: number, stop: () => boolean): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      let n = i;
      while (!stop()) {
        const t = performance.now();
        await call('GET', urls[n++ % urls.length]);
        times.push(performance.now() - t);
        await sleep(20);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  await waitFor(() => fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false), Boolean, 300_000);
  token = (await call('POST', '/api/auth/login', { email: 'admin@segra.local', password: PASSWORD })).body.token;
  customerId = (await call('GET', '/api/customers?range=[0,0]')).body[0].id;
  const systemId = (await call('GET', '/api/systems?range=[0,0]')).body[0].id;
  const date = '2026-06-30';

  const t0 = performance.now();
  const period = (await call('POST', '/api/system-periods', { name: 'probe', periodDate: date, systemId })).body;
  const folder = path.join(args.data!, 'system');
  const files = Object.fromEntries(readdirSync(folder).map((f) => [f, new Uint8Array(readFileSync(path.join(folder, f)))]));
  const form = new FormData();
  form.append('files', new Blob([zipSync(files) as BlobPart]), 'extract.zip');
  await call('POST', `/api/system-periods/${period.id}/extract`, form);
  const riskPeriod = (await call('POST', '/api/risk-periods', { name: 'probe', periodDate: date })).body;
  const rules = new FormData();
  const rulesDir = path.join(args.data!, 'rules');
  for (const f of readdirSync(rulesDir)) rules.append('files', new Blob([readFileSync(path.join(rulesDir, f))]), f);
  await call('POST', `/api/risk-periods/${riskPeriod.id}/ruleset`, rules);
  await waitFor(() => call('GET', `/api/system-periods/${period.id}`).then((r) => r.body), (p) => p.status !== 'importing' && p.status !== 'empty', 600_000);
  await waitFor(() => call('GET', `/api/risk-periods/${riskPeriod.id}`).then((r) => r.body), (p) => p.status !== 'importing' && p.status !== 'empty', 60_000);
  console.log(`imported in ${Math.round(performance.now() - t0)} ms`);

  for (let run = 0; run < Number(args.runs); run++) {
    const created = (await call('POST', '/api/analyses', { name: `probe ${run}`, systemPeriodId: period.id, riskPeriodId: riskPeriod.id })).body;
    const seen: string[] = [];
    let finished = false;
    const started = performance.now();
    const watch = (async () => {
      while (!finished) {
        const a = (await call('GET', `/api/analyses/${created.id}`)).body;
        const label = `${a.status}${a.status === 'running' ? ` ${a.phase} ${a.progress}` : ''}`;
        if (seen[seen.length - 1] !== label) seen.push(label);
        if (['completed', 'failed', 'canceled'].includes(a.status)) finished = true;
        else await sleep(100);
      }
    })();
    const times = await hammer(['/api/health', `/api/analyses/${created.id}`], 4, () => finished);
    await watch;
    const ms = Math.round(performance.now() - started);
    console.log(
      `analysis ${run}: ${ms} ms, ${times.length} light requests: p50 ${percentile(times, 50).toFixed(1)} p99 ${percentile(times, 99).toFixed(1)} max ${times[times.length - 1].toFixed(1)} ms`,
    );
    console.log(`  seen: ${seen.join(' → ')}`);
  }

  const victim = (await call('POST', '/api/analyses', { name: 'probe cancel', systemPeriodId: period.id, riskPeriodId: riskPeriod.id })).body;
  const running = await waitFor(() => call('GET', `/api/analyses/${victim.id}`).then((r) => r.body), (a) => a.status === 'running' && a.progress >= 20, 120_000);
  const tc = performance.now();
  const canceled = await call('POST', `/api/analyses/${victim.id}/cancel`, {});
  const answerMs = Math.round(performance.now() - tc);
  // The worker must let go within 2 s: afterwards light requests are fast and nothing is stored.
  await sleep(2000);
  const after = await hammer(['/api/health'], 2, (() => {
    const end = Date.now() + 1000;
    return () => Date.now() > end;
  })());
  const findings = await call('GET', `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId: victim.id }))}&range=[0,0]`);
  console.log(
    `cancel at ${running.phase} ${running.progress}: answered ${canceled.status} ${canceled.body.status ?? canceled.body.message} in ${answerMs} ms; ` +
      `2 s later: health max ${after[after.length - 1].toFixed(1)} ms, findings ${findings.headers.get('content-range')}`,
  );
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 3000);
  });
