/**
 * Issue 30 item 3: the analysis thread stores a part's findings as it evaluates them, holder by
 * holder (PreparedAnalysis.sortedFindings of the part), with usage worked out per batch of
 * holders, instead of holding runPart()'s findings with their permission lines (LW's 1.2 M did
 * not fit a 4 GiB heap). What it stores must be what it stored before, byte for byte: the COPY
 * text of runPart()'s findings with the usage of all of them worked out at once. Checked on an
 * LW landscape (org-level risks, composites, reference users) with usage and acceptances, whole
 * and in three shards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAnalysis, type PreparedAnalysis } from '../../../engine/analysis/prepared-analysis.ts';
import type { RiskAcceptance } from '../../../engine/model/analysis.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { generateControls } from '../../../generator/controls.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { readUsage } from '../../../server/importers/usage-reader.ts';
import { ThreadUsage, type AnalysisUsageData } from '../../../server/analyses/analysis-usage.ts';
import { findingLines, singleSystemFacts, type LinesTally } from '../../../server/analyses/finding-lines.ts';

const work = mkdtempSync(path.join(tmpdir(), 'segra-streamed-lines-'));
let prepared: PreparedAnalysis;
let usage: ThreadUsage;

/** Usage rows summed per user and tcode with their last day, users together: what loadAnalysisUsage hands the thread. */
function usageData(rows: Array<[string, string, number, number]>): AnalysisUsageData {
  const sums = new Map<string, Map<string, { count: number; last: number }>>();
  for (const [user, tcode, count, day] of rows) {
    const byTcode = sums.get(user) ?? new Map<string, { count: number; last: number }>();
    sums.set(user, byTcode);
    const s = byTcode.get(tcode) ?? { count: 0, last: 0 };
    byTcode.set(tcode, { count: s.count + count, last: Math.max(s.last, day) });
  }
  const users = [...sums.keys()].sort();
  const tcodes: string[] = [];
  const ids = new Map<string, number>();
  const user: number[] = [];
  const tcode: number[] = [];
  const count: number[] = [];
  const lastDay: number[] = [];
  users.forEach((u, i) => {
    for (const [t, s] of sums.get(u)!) {
      if (!ids.has(t)) ids.set(t, tcodes.push(t) - 1);
      user.push(i);
      tcode.push(ids.get(t)!);
      count.push(s.count);
      lastDay.push(s.last);
    }
  });
  return { users, tcodes, user: Int32Array.from(user), tcode: Int32Array.from(tcode), count: Float64Array.from(count), lastDay: Int32Array.from(lastDay) };
}

beforeAll(async () => {
  await generateLandscape({ size: 'LW', scale: 0.02, seed: 5, outDir: work });
  await generateControls(work, 5);
  const extract = await readSystemExtract(path.join(work, 'system'));
  const ruleset = await readRuleset(path.join(work, 'rules'));
  const rows: Array<[string, string, number, number]> = [];
  await readUsage(path.join(work, 'usage.csv'), { onRow: (u, t, n, day) => rows.push([u, t, n, day ?? 0]) });
  usage = new ThreadUsage(usageData(rows));
  const orgRisk = ruleset.risks.find((r) => (r.orgFields ?? []).length > 0);
  if (!orgRisk) throw new Error('LW has org-level risks');
  const accept = (a: Partial<RiskAcceptance>): RiskAcceptance => ({
    riskId: orgRisk.id,
    scope: 'global',
    holder: '',
    message: 'accepted',
    author: 'auditor',
    createdAt: '2026-06-01T00:00:00Z',
    validFrom: null,
    validTo: null,
    ...a,
  });
  const someUser = extract.users[3].bname;
  prepared = prepareAnalysis(extract, ruleset, {
    date: 20260630,
    level: 'permission',
    mode: 'same-instance',
    includeLocked: false,
    includeExpired: false,
    acceptances: [accept({ scope: 'user', holder: someUser }), accept({ riskId: ruleset.risks[0].id })],
  });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the analysis thread streams a part’s findings', () => {
  it.each([1, 3])('stores byte for byte what runPart() stored, in %i part(s), with usage, org-level risks and acceptances', (count) => {
    let total = 0;
    for (let index = 0; index < count; index++) {
      const before = prepared.runPart(index, count);
      const expected = [...findingLines('c', 'a', before.findings, singleSystemFacts(prepared), { usage: { thread: usage, prepared }, usageBatch: Infinity })].join('');
      const tally: LinesTally = { findings: 0, accepted: 0 };
      const streamed = findingLines('c', 'a', prepared.sortedFindings({}, { index, count }), singleSystemFacts(prepared), { chunkChars: 4096, usage: { thread: usage, prepared }, tally, usageBatch: 50 });
      const chunks = [...streamed];
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.join('')).toBe(expected);
      if (index === 0) expect(expected).toMatch(/\t(FULL|PARTIAL|NONE)\t/); // usage worked out for user findings
      expect(tally).toEqual({ findings: before.findings.length, accepted: before.findings.filter((f) => f.accepted).length });
      total += before.findings.length;
    }
    // The landscape is worth the check: findings with org values, usage and acceptances among them.
    const all = prepared.run().findings;
    expect(total).toBe(all.length);
    expect(all.some((f) => (f.orgValues ?? []).length > 0)).toBe(true);
    expect(all.some((f) => f.accepted)).toBe(true);
    expect(all.length).toBeGreaterThan(1000);
  }, 180_000);

  it('tells how many of the part’s holders it has taken, up to all of them', () => {
    const seen: Array<[number, number]> = [];
    const findings = [...prepared.sortedFindings({ permissions: false }, { index: 1, count: 3 }, (n, total) => seen.push([n, total]))];
    expect(findings.length).toBeGreaterThan(0);
    const total = seen[0][1];
    expect(seen.map(([n]) => n)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(seen.every(([, t]) => t === total)).toBe(true);
  }, 60_000);
});
