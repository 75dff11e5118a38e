/**
 * DESIGN 4.1b, issue 29: for random extracts written as table files, renaming every file to a
 * name that is not an SAP table's (`t_agr_1251_export.csv`) gives the same findings through
 * `segra analyze`, and the warnings name each mapping (file → table) once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LANDSCAPE_DATE, landscapeArb } from '../reference/arbitraries.ts';
import { readableRuleset, segraInProcess, writeExtract, writeRuleset } from './landscape-files.ts';

const RUNS = Number(process.env.SEGRA_CLI_PROPERTY_RUNS ?? 25);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-tables-by-header-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const segra = segraInProcess;

describe('tables by their header (random extracts, every file renamed)', () => {
  it('gives the findings of the SAP-named files and names each mapping', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(landscapeArb, fc.constantFrom<'action' | 'permission'>('action', 'permission'), async (l, level) => {
        const dir = path.join(root, String(run++));
        writeExtract(path.join(dir, 'system'), l.extract);
        writeRuleset(path.join(dir, 'rules'), readableRuleset(l.ruleset));
        const renamed = path.join(dir, 'renamed');
        fs.mkdirSync(renamed);
        const mapping: string[] = [];
        for (const file of fs.readdirSync(path.join(dir, 'system'))) {
          const table = file.replace(/\.csv$/, '');
          const name = `t_${table.toLowerCase()}_export.csv`;
          fs.copyFileSync(path.join(dir, 'system', file), path.join(renamed, name));
          mapping.push(`warning TABLE_BY_HEADER ${table} (1): ${name} → ${table}`);
        }
        const analyse = async (system: string) => {
          const out = path.join(dir, `${path.basename(system)}.csv`);
          const r = await segra(['analyze', '--system', system, '--rules', `${dir}/rules`, '--date', String(LANDSCAPE_DATE), '--level', level, '--out', out]);
          expect(r.status, r.stderr).toBe(0);
          return { csv: fs.readFileSync(out, 'utf8'), stderr: r.stderr };
        };
        const plain = await analyse(path.join(dir, 'system'));
        const other = await analyse(renamed);
        expect(other.csv).toBe(plain.csv);
        const named = other.stderr.split('\n').filter((line) => line.startsWith('warning TABLE_BY_HEADER'));
        expect(named.sort()).toEqual(mapping.sort());
        // Apart from the mappings, the same warnings.
        const rest = (s: string) => s.split('\n').filter((line) => line.startsWith('warning ') && !line.startsWith('warning TABLE_BY_HEADER'));
        expect(rest(other.stderr)).toEqual(rest(plain.stderr));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
