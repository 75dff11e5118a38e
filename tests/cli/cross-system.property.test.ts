/**
 * Rule 18 through `segra analyze --system SID=DIR … --rules R [--user-map FILE]` on random
 * multi-system landscapes (tests/reference/cross-system-arbitraries.ts) written as files,
 * against the reference reading (tests/reference/reference-cross-system.ts) of the same
 * extracts read back and the ruleset as written.
 *
 * What is compared, per row of the CSV:
 * - the set of (LEVEL, ID, RISK_ID, CROSS_SYSTEM), exactly, and the rows sorted by LEVEL, ID,
 *   RISK_ID; the header is today's (ORG_VALUES when an active risk is org-level) + CROSS_SYSTEM;
 * - RISK_LEVEL and RISK_TYPE of the risk;
 * - FUNCTIONS: every function of the risk once, with an action the single-system reading reports
 *   in a system where the holder meets it (for roles and profiles: exactly that action);
 * - SOURCES: every path starts with `SID/` of a system where the holder meets a function of the
 *   risk, and is a path the holder has there that a check of that function could use; every
 *   function has such a source in a system where it is met (which system the engine names when
 *   several meet a function, and reading 25's exact sources, are not pinned here);
 * - ORG_VALUES: exactly the reference's when the org-level risk is met in one system; when it is
 *   met in several, each value is one of a system where it is met (rule 18 does not say whether
 *   the values of several systems are joined).
 * A second property: one `--system DIR` without SID gives today's output (SYSTEM ignored, named
 * in a warning).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hasOrgLevelRisks } from '../../engine/ruleset/org-fields.ts';
import { readSystemExtract } from '../../server/importers/extract-reader.ts';
import { crossLandscapeArb, crossOptionsArb, type CrossOptions } from '../reference/cross-system-arbitraries.ts';
import { crossKey, referenceCrossSystem, withoutSystems, type CrossFinding, type CrossLandscape } from '../reference/reference-cross-system.ts';
import { cmpCodePoints, referenceAnalyse } from '../reference/reference-evaluator.ts';
import { refOrgFields } from '../reference/reference-org-levels.ts';
import { items, readFindingsCsv, writeCrossLandscape } from './cross-system-files.ts';
import { readableRuleset, segraInProcess } from './landscape-files.ts';

const RUNS = Number(process.env.SEGRA_CLI_PROPERTY_RUNS ?? 60);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-cross-system-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const TODAY = ['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES'];

function optionArgs(o: CrossOptions): string[] {
  const args = ['--date', String(o.date), '--level', o.level, '--mode', o.mode];
  if (o.includeLocked) args.push('--include-locked');
  if (o.includeExpired) args.push('--include-expired');
  return args;
}

/** Runs `segra analyze` on the landscape written under a fresh folder; returns the CSV and the landscape as read back. */
async function analyse(l: CrossLandscape, o: CrossOptions, run: number): Promise<{ csv: ReturnType<typeof readFindingsCsv>; read: CrossLandscape; stderr: string; dir: string }> {
  const dir = path.join(root, String(run));
  const args = writeCrossLandscape(dir, l);
  const out = path.join(dir, 'out.csv');
  const r = await segraInProcess(['analyze', ...args, ...optionArgs(o), '--out', out]);
  // Before rule 18 this fails on `--user-map` or on a folder named `ERP=…`: the right reason.
  expect(r.status, r.stderr).toBe(0);
  // The reference reads the extracts as the reader gives them (names trimmed), the ruleset as written.
  const systems = await Promise.all(l.systems.map(async (s) => ({ sid: s.sid, extract: await readSystemExtract(path.join(dir, s.sid ?? 'system')) })));
  return { csv: readFindingsCsv(out), read: { ...l, systems }, stderr: r.stderr, dir };
}

/** ORG_VALUES items of one system's org values, `F=V` (joint fields `F1=V1+F2=V2`). */
function orgItems(fields: readonly string[], values: readonly string[]): string[] {
  return values.map((v) => {
    const parts = fields.length === 1 ? [v] : v.split('+');
    return fields.map((f, i) => `${f}=${parts[i] ?? ''}`).join('+');
  });
}

function checkRow(row: Record<string, string>, ref: CrossFinding, l: CrossLandscape, withOrg: boolean): void {
  const at = crossKey(ref);
  const risk = l.ruleset.risks.find((r) => r.id === ref.riskId)!;
  expect([row.RISK_LEVEL, row.RISK_TYPE], at).toEqual([risk.level, risk.type]);

  const fns = items(row.FUNCTIONS).map((i) => ({ functionId: i.slice(0, i.indexOf(':')), item: i }));
  expect(fns.map((f) => f.functionId).sort(), at).toEqual([...risk.functionIds].sort());
  for (const f of fns) {
    const allowed = ref.functions.find((m) => m.functionId === f.functionId)!.metIn.map((m) => `${f.functionId}:${m.action ?? ''}`);
    expect(allowed, `${at} FUNCTIONS`).toContain(f.item);
  }

  const sources = row.SOURCES.split(';');
  const possible = new Set(ref.functions.flatMap((m) => m.metIn.flatMap((x) => x.sources)));
  for (const s of sources) expect(possible.has(s), `${at} source ${s} not among ${[...possible].join(';')}`).toBe(true);
  for (const m of ref.functions) {
    const own = new Set(m.metIn.flatMap((x) => x.sources));
    expect(sources.some((s) => own.has(s)), `${at}: no source of ${m.functionId} in ${row.SOURCES}`).toBe(true);
  }

  if (!withOrg) return;
  const got = items(row.ORG_VALUES);
  if (!ref.orgValues) {
    expect(got, `${at} ORG_VALUES`).toEqual([]);
    return;
  }
  const fields = refOrgFields(risk);
  const per = ref.orgValues.map((o) => orgItems(fields, o.values));
  if (per.length === 1) expect([...got].sort(), `${at} ORG_VALUES`).toEqual([...per[0]].sort());
  else for (const v of got) expect(per.flat(), `${at} ORG_VALUES`).toContain(v);
}

describe('segra analyze across systems (rule 18, random landscapes, files)', () => {
  it('finds the reference\'s (LEVEL, ID, RISK_ID, CROSS_SYSTEM), with functions, sources and org values it allows', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(crossLandscapeArb, crossOptionsArb, async (generated, o) => {
        const l = { ...generated, ruleset: readableRuleset(generated.ruleset) };
        const { csv, read, dir } = await analyse(l, o, run++);
        const withOrg = hasOrgLevelRisks(l.ruleset);
        expect(csv.header).toEqual([...TODAY, ...(withOrg ? ['ORG_VALUES'] : []), 'CROSS_SYSTEM']);

        const ref = referenceCrossSystem(read, o);
        const key = (r: Record<string, string>): string => `${r.LEVEL}:${r.ID}:${r.RISK_ID}:${r.CROSS_SYSTEM}`;
        expect(csv.rows.map(key).sort()).toEqual(ref.map(crossKey).sort());
        const order = csv.rows.map((r) => [r.LEVEL, r.ID, r.RISK_ID]);
        const sorted = [...order].sort((a, b) => cmpCodePoints(a[0], b[0]) || cmpCodePoints(a[1], b[1]) || cmpCodePoints(a[2], b[2]));
        expect(order, 'rows sorted by LEVEL, ID, RISK_ID').toEqual(sorted);
        for (const row of csv.rows) checkRow(row, ref.find((f) => crossKey(f) === key(row))!, l, withOrg);
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('with one --system DIR and no SID, ignores the SYSTEM columns (with a warning naming them) and gives today\'s output', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(crossLandscapeArb, crossOptionsArb, async (generated, o) => {
        // One system, its SID dropped; an action listed once per system is kept once (read
        // without SYSTEM, two rows of one action would be one action listed twice).
        const functions = generated.ruleset.functions.map((f) => ({ ...f, actions: f.actions.filter((a, i) => f.actions.findIndex((b) => b.action === a.action) === i) }));
        const l: CrossLandscape = { systems: [{ sid: null, extract: generated.systems[0].extract }], ruleset: readableRuleset({ ...generated.ruleset, functions }), userMap: [] };
        const { csv, read, stderr, dir } = await analyse(l, o, 1000 + run++);
        const ruleset = withoutSystems(l.ruleset);
        expect(csv.header).toEqual([...TODAY, ...(hasOrgLevelRisks(ruleset) ? ['ORG_VALUES'] : [])]);
        const want = referenceAnalyse(read.systems[0].extract, ruleset, o).map((f) => `${f.level}:${f.holder}:${f.riskId}`);
        expect(csv.rows.map((r) => `${r.LEVEL}:${r.ID}:${r.RISK_ID}`).sort()).toEqual(want.sort());
        if (l.ruleset.functions.some((f) => [...f.actions, ...f.permissions].some((x) => (x.system ?? '') !== ''))) expect(stderr).toMatch(/SYSTEM/);
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  }, 300_000);
});
