/**
 * The command line's own rows of `segra bench` (DESIGN 10, issue 12): `segra analyze` as a user
 * runs it, one process from start to exit, writing its CSV: its start on a tiny extract (the
 * canonical export fixture against the default ruleset, median of 5), and each size measured
 * (wall and peak RSS of that process).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { writeRulesetFiles } from '../../generator/index.ts';
import { PROJECT_ROOT } from '../project-root.ts';

interface Run {
  wallMs: number;
  /** Peak RSS (Linux VmHWM, read while the process runs); null where /proc is not there. */
  peakRssMb: number | null;
}

/** How often the child's peak RSS is read: VmHWM only grows, so the last reading misses at most this last stretch. */
const POLL_MS = 20;

function peakOf(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Runs `segra analyze` in its own process; wall from spawn to exit. */
function analyze(system: string, rules: string, date: number, out: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin/segra.js'), 'analyze', '--system', system, '--rules', rules, '--date', String(date), '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let peak: number | null = null;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    const timer = setInterval(() => {
      if (child.pid !== undefined) peak = peakOf(child.pid) ?? peak;
    }, POLL_MS);
    child.on('error', (e) => {
      clearInterval(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearInterval(timer);
      const wallMs = performance.now() - started;
      if (code !== 0) reject(new Error(`segra analyze of ${system} failed with status ${code}: ${stderr.trim()}`));
      else resolve({ wallMs, peakRssMb: peak });
    });
  });
}

function row(what: string, wallMs: number, peakRssMb: number | null): string {
  return `| ${what} | ${(wallMs / 1000).toFixed(2)} | ${peakRssMb === null ? '–' : Math.round(peakRssMb)} |`;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The rows: start on the tiny extract, then `segra analyze` on each size (`dirs`: size → its landscape folder). */
export async function commandLineTable(sizes: readonly { size: string; dir: string }[], date: number): Promise<string> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'segra-bench-cli-'));
  try {
    const rules = path.join(tmp, 'rules');
    mkdirSync(rules);
    await writeRulesetFiles(rules, defaultRuleset);
    const out = path.join(tmp, 'findings.csv');
    const tiny = path.join(PROJECT_ROOT, 'tests/fixtures/exports/canonical');
    const starts: Run[] = [];
    for (let i = 0; i < 5; i++) starts.push(await analyze(tiny, rules, date, out));
    const peaks = starts.map((r) => r.peakRssMb);
    const lines = [
      '| `segra analyze` on | Wall (s) | Peak RSS (MiB) |',
      '|---|---:|---:|',
      row('start: the tiny extract tests/fixtures/exports/canonical (median of 5)', median(starts.map((r) => r.wallMs)), peaks.includes(null) ? null : median(peaks as number[])),
    ];
    for (const { size, dir } of sizes) {
      process.stderr.write(`measuring segra analyze on ${size}…\n`);
      const r = await analyze(path.join(dir, 'system'), path.join(dir, 'rules'), date, out);
      lines.push(row(size, r.wallMs, r.peakRssMb));
    }
    return lines.join('\n');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
