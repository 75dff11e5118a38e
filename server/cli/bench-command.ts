import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyse, prepareAnalysis, simulateOn } from '../../engine/index.ts';
import { generateControls } from '../../generator/controls.ts';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { denseRuleset, generateLandscape, writeRulesetFiles } from '../../generator/index.ts';
import { runWithUsage } from './bench-usage.ts';
import { commandLineTable } from './bench-command-line.ts';
import { LOAD_CONNECTIONS } from './bench-load.ts';
import { benchServer } from './bench-server.ts';
import { readAnalysisInputs } from './inputs.ts';
import { parseFlags } from './options.ts';
import { Progress } from './progress.ts';
import { UsageError } from './usage-error.ts';
import { PROJECT_ROOT } from '../project-root.ts';

const ROOT = PROJECT_ROOT;
const CACHE = path.join(ROOT, '.cache', 'bench');
const BENCH_DATE = 20260630;
/**
 * Sizes measured by `segra analyze` alone (the command line table): LW's in-process rows keep
 * every finding with its provenance (1.2 M findings, 4.35 sources each) and ran out of the default
 * 4 GiB heap (docs/decisions/2026-11-27-wide-shape-profile.md); the DESIGN 10 target is the command's.
 */
const COMMAND_LINE_ONLY = new Set(['LW']);
const SEED = 1;

interface Measurement {
  size: string;
  users: number;
  agr1251Rows: number;
  parseMs: number;
  evaluateMs: number;
  totalMs: number;
  peakRssMb: number;
  findings: number;
  simulationMedianMs: number;
  /** Set on the "with usage" rows: the usage evaluation alone (EXECUTION and REMEDIATION of every user finding). */
  usageMs?: number;
  /** The same evaluation with every other risk org-level on BUKRS (DESIGN 5.15), and its findings; not on "with usage" rows. */
  orgEvaluateMs?: number;
  orgFindings?: number;
  /** orgEvaluateMs over the faster of two evaluations without org fields (one before, one after). */
  orgRatio?: number;
}

/**
 * `segra bench` (DESIGN 10): generates the sizes once (cached under .cache/bench), then
 * measures each in a fresh process so that peak memory is that size's alone.
 */
export async function benchCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, {
    sizes: { type: 'string' },
    write: { type: 'string' },
    'run-one': { type: 'string' },
    'with-usage': { type: 'boolean' },
    server: { type: 'boolean' },
    'database-url': { type: 'string' },
    'load-seconds': { type: 'string' },
  });
  if (f['run-one']) return f['with-usage'] ? runWithUsage(path.join(CACHE, `${f['run-one']}-seed${SEED}`), f['run-one'], BENCH_DATE) : runOne(f['run-one']);
  const sizes = (f.sizes ?? 'S,M,L').split(',').map((s) => s.trim().toUpperCase());
  for (const s of sizes) if (!['S', 'M', 'L', 'XL', 'LD', 'LW'].includes(s)) throw new UsageError(`unknown size "${s}"`);
  const loadSeconds = Number(f['load-seconds'] ?? 5);
  if (!Number.isInteger(loadSeconds) || loadSeconds < 0 || loadSeconds > 600) throw new UsageError('--load-seconds must be a whole number of seconds from 0 to 600');
  if (f.server) return serverBench(sizes, f['database-url'] ?? process.env.DATABASE_URL, f.write, loadSeconds);
  const rows: Measurement[] = [];
  const dirs: { size: string; dir: string }[] = [];
  for (const size of sizes) {
    const dir = await ensureLandscape(size);
    dirs.push({ size, dir });
    if (COMMAND_LINE_ONLY.has(size)) continue;
    // The same analysis, then again with a usage export of 40 rows per user (DESIGN 5.17), each in its own process.
    for (const variant of [[], ['--with-usage']]) {
      process.stderr.write(`measuring ${size}${variant.length ? ' with usage' : ''} (${dir})…\n`);
      const child = spawnSync(process.execPath, [path.join(ROOT, 'bin/segra.js'), 'bench', '--run-one', size, ...variant], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 20,
      });
      if (child.status !== 0) throw new Error(`bench of size ${size} failed with status ${child.status}`);
      rows.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Measurement);
    }
  }
  const table = formatTable(rows);
  process.stdout.write(table + '\n');
  const commandLine = await commandLineTable(dirs, BENCH_DATE);
  process.stdout.write(commandLine + '\n');
  if (f.write) writeFileSync(f.write, benchmarkDoc(table, commandLine));
  return 0;
}

async function ensureLandscape(size: string): Promise<string> {
  const dir = path.join(CACHE, `${size}-seed${SEED}`);
  const marker = path.join(dir, 'complete.json');
  if (existsSync(marker)) {
    if (!existsSync(path.join(dir, 'usage.csv'))) await generateControls(dir, SEED);
    return dir;
  }
  if (size === 'LD') return ensureDense(dir, marker);
  mkdirSync(dir, { recursive: true });
  const progress = new Progress();
  process.stderr.write(`generating size ${size} into ${dir}…\n`);
  const r = await generateLandscape({
    size: size as 'S' | 'M' | 'L' | 'XL' | 'LW',
    seed: SEED,
    outDir: dir,
    onProgress: (d, t) => progress.update(`generating ${size}`, d, t),
  });
  progress.done();
  await generateControls(dir, SEED);
  writeFileSync(marker, JSON.stringify(r));
  return dir;
}

/**
 * LD, "L dense" (issue 12): the L extract (linked, not copied: it is the same for the seed) with
 * the dense ruleset of dense-ruleset.ts, about a million findings.
 */
async function ensureDense(dir: string, marker: string): Promise<string> {
  const large = await ensureLandscape('L');
  mkdirSync(path.join(dir, 'rules'), { recursive: true });
  for (const entry of ['system', 'usage.csv', 'mitigations.csv']) {
    const target = path.join(dir, entry);
    rmSync(target, { recursive: true, force: true });
    symlinkSync(path.join(large, entry), target);
  }
  await writeRulesetFiles(path.join(dir, 'rules'), denseRuleset(defaultRuleset));
  copyFileSync(path.join(large, 'complete.json'), marker);
  return dir;
}

async function runOne(size: string): Promise<number> {
  const dir = path.join(CACHE, `${size}-seed${SEED}`);
  const meta = JSON.parse(readFileSync(path.join(dir, 'complete.json'), 'utf8')) as { users: number; agr1251Rows: number };
  const t0 = performance.now();
  const { extract, ruleset } = await readAnalysisInputs({
    system: path.join(dir, 'system'),
    rules: path.join(dir, 'rules'),
    level: 'permission',
  });
  const t1 = performance.now();
  const options = { date: BENCH_DATE, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false } as const;
  const result = analyse(extract, ruleset, options);
  const t2 = performance.now();
  // Org-level risks (issue 16): half the risks on BUKRS must cost at most 1.5× the plain run. Each
  // is timed twice and the faster run counts: the first org-level run alone used to pay for warming
  // the org-level code, and was set against a warm plain run (M: 2.71 that way, 1.2-1.35 warm).
  const orgRuleset = { ...ruleset, risks: ruleset.risks.map((r, i) => (i % 2 === 0 ? { ...r, orgFields: ['BUKRS'] } : r)) };
  const o0 = performance.now();
  const orgResult = analyse(extract, orgRuleset, options);
  const o1 = performance.now();
  analyse(extract, ruleset, options);
  const o2 = performance.now();
  analyse(extract, orgRuleset, options);
  const o3 = performance.now();

  // Simulation: one user gets three roles they do not have; the prepared analysis is what a
  // server keeps warm, so only the simulation itself is timed.
  const prepared = prepareAnalysis(extract, ruleset, options);
  const users = extract.users.filter((u) => u.ustyp === 'A' && u.uflag === 0).slice(0, 25);
  const roles = prepared.landscape.roles;
  const times: number[] = [];
  users.forEach((u, i) => {
    const held = new Set(prepared.landscape.rolesOf(u.bname, BENCH_DATE));
    const add = roles.filter((r) => !held.has(r)).slice(i * 3 * 37, i * 3 * 37 + 3 * 37).filter((_, k) => k % 37 === 0);
    const s = performance.now();
    simulateOn(prepared, { holder: { kind: 'user', bname: u.bname }, addRoles: add, removeRoles: [] });
    times.push(performance.now() - s);
  });
  times.sort((a, b) => a - b);
  const m: Measurement = {
    size,
    users: meta.users,
    agr1251Rows: meta.agr1251Rows,
    parseMs: t1 - t0,
    evaluateMs: t2 - t1,
    totalMs: t2 - t0,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    findings: result.findings.length,
    simulationMedianMs: times.length ? times[Math.floor(times.length / 2)] : NaN,
    orgEvaluateMs: Math.min(o1 - o0, o3 - o2),
    orgFindings: orgResult.findings.length,
    orgRatio: Math.min(o1 - o0, o3 - o2) / Math.min(t2 - t1, o2 - o1),
  };
  process.stdout.write(JSON.stringify(m) + '\n');
  return 0;
}

/**
 * `segra bench --server`: import into PostgreSQL and queued analysis (DESIGN 10), appended to
 * the benchmark document when --write names it.
 */
async function serverBench(sizes: string[], databaseUrl: string | undefined, write: string | undefined, loadSeconds: number): Promise<number> {
  if (!databaseUrl) throw new UsageError('segra bench --server needs --database-url or DATABASE_URL (a PostgreSQL database it may write to)');
  const lines = [
    '| Size | AGR_1251 rows | Import into PostgreSQL (s) | AGR_1251 rows/s | Enqueued → completed (s) | Findings |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const loadLines = [
    `| Size | List endpoint (${LOAD_CONNECTIONS} concurrent clients, ${loadSeconds} s each) | Requests | p50 (ms) | p99 (ms) | Max (ms) | Errors | Non-2xx | KB/answer | CPU ms/answer |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const simulationLines = [
    '| Size | First simulation on the period (ms) | Warm simulations | Warm median (ms) | Warm p99 (ms) | Warm max (ms) | Engine, median (ms) | Holder rows prepared, median (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const size of sizes) {
    const dir = await ensureLandscape(size);
    process.stderr.write(`measuring the server on ${size}…\n`);
    const m = await benchServer(databaseUrl, size, dir, `${String(BENCH_DATE).slice(0, 4)}-${String(BENCH_DATE).slice(4, 6)}-${String(BENCH_DATE).slice(6)}`, loadSeconds);
    const sim = m.simulations;
    if (sim) simulationLines.push(`| ${size} | ${sim.firstMs} | ${sim.warmCount} | ${sim.warmMedianMs} | ${sim.warmP99Ms} | ${sim.warmMaxMs} | ${sim.engineMedianMs} | ${sim.prepareMedianMs} |`);
    for (const e of m.load) loadLines.push(`| ${size} | ${e.name} | ${e.requests.toLocaleString('en')} | ${e.p50Ms} | ${e.p99Ms} | ${e.maxMs} | ${e.errors} | ${e.non2xx} | ${e.kbPerResponse.toFixed(1)} | ${e.cpuMsPerResponse.toFixed(2)} |`);
    lines.push(
      `| ${size} | ${m.agr1251Rows.toLocaleString('en')} | ${(m.importMs / 1000).toFixed(2)} | ${Math.round(m.rowsPerSecond).toLocaleString('en')} | ${(m.enqueuedToCompletedMs / 1000).toFixed(2)} | ${m.findings.toLocaleString('en')} |`,
    );
  }
  const table = lines.join('\n') + (loadSeconds > 0 ? '\n\n' + loadLines.join('\n') + '\n\n' + simulationLines.join('\n') : '');
  process.stdout.write(table + '\n');
  if (write) {
    const section = `\n## Server on PostgreSQL\n\nProduced by \`npm run bench -- --server --database-url postgres://… --write ${write}\`: the import job (reading and checking the\nextract, then COPY into PostgreSQL) timed until the period is ready, and an analysis timed from being enqueued on the job\nqueue until it is completed with its findings stored. Date: ${new Date().toISOString().slice(0, 10)}.\n\n${table}\n\nTargets (DESIGN.md section 10, issue 4): at least 150,000 AGR_1251 rows/s; size L analysed within 30 s of being enqueued;\nlist endpoints under 100 concurrent clients p99 < 100 ms with no errors (\`segra serve --no-worker\` in its own process,\nrequest logging at warn; the clients, autocannon, in the bench process; each request a random page of the list).\nThe findings' pages are kept by the API node once read, until it hears a write to the findings (KEEP_LIST_PAGES,\ndocs/decisions/2026-11-27-kept-findings-pages.md): their rows show the first reads, then kept pages; the row "pages not\nkept" asks the first list of a node started with KEEP_LIST_PAGES=false, every page read anew.\nSimulations (issue 12): \`POST /api/simulations\` of one user with three roles added, one at a time, timed by the client, the first\none on the freshly started server; targets: the first on an L period < 1 s, warm ones < 200 ms through the API, < 50 ms in the engine.\n`;
    const current = existsSync(write) ? readFileSync(write, 'utf8').replace(/\n## Server on PostgreSQL\n[\s\S]*$/, '\n') : '';
    writeFileSync(write, current.trimEnd() + '\n' + section);
  }
  return 0;
}

function formatTable(rows: readonly Measurement[]): string {
  const s = (ms: number): string => (ms / 1000).toFixed(2);
  const lines = [
    '| Size | Users | AGR_1251 rows | Parse (s) | Evaluate (s) | Total wall (s) | Peak RSS (MiB) | Findings | Simulation median (ms) | Evaluate, half the risks org-level (s) | Org findings | Org ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const size = r.usageMs === undefined ? r.size : `${r.size} with usage (remediation ${s(r.usageMs)} s)`;
    const simulation = typeof r.simulationMedianMs === 'number' && !Number.isNaN(r.simulationMedianMs) ? r.simulationMedianMs.toFixed(1) : '–';
    const org =
      r.orgEvaluateMs === undefined ? '– | – | –' : `${s(r.orgEvaluateMs)} | ${(r.orgFindings ?? 0).toLocaleString('en')} | ${(r.orgRatio ?? 0).toFixed(2)}`;
    lines.push(
      `| ${size} | ${r.users.toLocaleString('en')} | ${r.agr1251Rows.toLocaleString('en')} | ${s(r.parseMs)} | ${s(r.evaluateMs)} | ${s(r.totalMs)} | ${Math.round(r.peakRssMb)} | ${r.findings.toLocaleString('en')} | ${simulation} | ${org} |`,
    );
  }
  return lines.join('\n');
}

function benchmarkDoc(table: string, commandLine: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `# Benchmarks

Produced by \`npm run bench -- --write docs/benchmarks.md\` (\`segra bench\`): generated
landscapes (seed ${SEED}, \`segra generate\`), permission level, same-instance mode, analysis date
${BENCH_DATE}, user, role and profile levels. Parse = reading the ruleset and the extract
(CSV) into memory; Evaluate = the whole analysis; Total = both; peak RSS of the measuring
process; Simulation = one user with three roles added, on a prepared analysis (median of 25);
Org = the same evaluation with every other risk org-level on BUKRS (DESIGN 5.15), the faster of two
runs, over the faster of two evaluations without org fields (target: at most 1.5).
"With usage" rows: the same analysis given the generated usage export (\`usage.csv\`, 40 rows per
user, \`segra generate --controls\`): Parse includes reading it, Evaluate includes EXECUTION and
REMEDIATION of every user finding, whose time alone is in brackets.

Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, ${os.platform()} ${os.release()}.
Date: ${new Date().toISOString().slice(0, 10)}.

${table}

LW, "L, wide" (issue 30, \`segra generate --size LW\`): an L of another shape, a customer's: wide
roles (40–150 transactions, 20–90 objects), 400 objects no rule names, nested composites, reference
users and 40 risks that most users meet through several roles (about 1.2 M findings).

Targets (DESIGN.md section 10): size L (also LD, about a million findings, and LW) under 6 s and
1 GiB for \`segra analyze\` including parsing and writing (goal: 4 s); simulation under 50 ms.

## The command line

\`segra analyze\` as a user runs it: one process per row, from its start to its exit, writing its
CSV to a file; peak RSS of that process (VmHWM). The start is measured on a tiny extract
against the default ruleset (target: under 250 ms, no compilation at start: run \`npm run
build:server\` first, or the TypeScript is compiled at every start).

${commandLine}
`;
}
