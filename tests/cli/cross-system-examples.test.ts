/**
 * Rule 18 through `segra analyze --system SID=DIR … [--user-map FILE]` on the hand-made
 * landscapes of tests/reference/cross-system-examples.ts, whose findings were worked out by
 * hand from the rule (each bullet at least once; the weightiest reading: a function whose
 * actions are all bound to other systems is not met in S). Also: a single `--system DIR`
 * without SID gives today's output, and a user-level mitigation names the person.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CROSS_EXAMPLES, SINGLE_SYSTEM_EXAMPLE, type CrossExample } from '../reference/cross-system-examples.ts';
import { items, readFindingsCsv, writeCrossLandscape } from './cross-system-files.ts';
import { segraInProcess, writeMitigations } from './landscape-files.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'segra-cross-examples-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let run = 0;

async function analyse(c: CrossExample, ...extra: string[]): Promise<ReturnType<typeof readFindingsCsv>> {
  const dir = path.join(root, String(run++));
  const args = writeCrossLandscape(dir, c.landscape);
  const o = c.options;
  const flags = ['--date', String(o.date), '--level', o.level, '--mode', o.mode];
  if (o.includeLocked) flags.push('--include-locked');
  if (o.includeExpired) flags.push('--include-expired');
  const out = path.join(dir, 'out.csv');
  const r = await segraInProcess(['analyze', ...args, ...flags, ...extra.map((e) => e.replace('{dir}', dir)), '--out', out]);
  expect(r.status, r.stderr).toBe(0);
  return readFindingsCsv(out);
}

const keyOf = (r: Record<string, string>): string => `${r.LEVEL}:${r.ID}:${r.RISK_ID}:${r.CROSS_SYSTEM ?? ''}`;

function expectFindings(csv: ReturnType<typeof readFindingsCsv>, c: CrossExample): void {
  const want = c.expected.map((e) => `${e.level}:${e.id}:${e.riskId}:${e.cross}`);
  expect(csv.rows.map(keyOf).sort()).toEqual([...want].sort());
  // Rows come sorted by LEVEL, ID, RISK_ID (the expected lists are written in that order).
  expect(csv.rows.map((r) => `${r.LEVEL}:${r.ID}:${r.RISK_ID}`)).toEqual(c.expected.map((e) => `${e.level}:${e.id}:${e.riskId}`));
  for (const e of c.expected) {
    const row = csv.rows.find((r) => keyOf(r) === `${e.level}:${e.id}:${e.riskId}:${e.cross}`)!;
    const at = keyOf(row);
    if (e.sources) expect(row.SOURCES.split(';').sort(), `${at} SOURCES`).toEqual([...e.sources].sort());
    if (e.functions) expect(items(row.FUNCTIONS).sort(), `${at} FUNCTIONS`).toEqual([...e.functions].sort());
    if (e.orgValues) expect(items(row.ORG_VALUES), `${at} ORG_VALUES`).toEqual(e.orgValues);
  }
}

describe('segra analyze across systems: hand-made cases of rule 18', () => {
  for (const c of CROSS_EXAMPLES) {
    it(c.name, async () => {
      const csv = await analyse(c);
      expect(csv.header.at(-1)).toBe('CROSS_SYSTEM');
      expectFindings(csv, c);
    });
  }

  it(SINGLE_SYSTEM_EXAMPLE.name, async () => {
    const csv = await analyse(SINGLE_SYSTEM_EXAMPLE);
    expect(csv.header).toEqual(['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES']);
    expectFindings(csv, SINGLE_SYSTEM_EXAMPLE);
  });

  it('bullet 4: a user-level mitigation names the person (JOHN), not a BNAME that maps to it (JSMITH in ERP)', async () => {
    const c = CROSS_EXAMPLES.find((e) => e.name.includes('the user map joins'))!;
    const file = path.join(root, 'mitigations.csv');
    writeMitigations(
      file,
      [
        { controlId: 'C1', riskId: 'P2P01', level: 'USER', id: 'JOHN', validFrom: null, validTo: null },
        { controlId: 'C2', riskId: 'CA_PAY', level: 'USER', id: 'JSMITH', validFrom: null, validTo: null },
      ],
      false,
    );
    const csv = await analyse(c, '--mitigations', file);
    expectFindings(csv, c);
    const status = Object.fromEntries(csv.rows.map((r) => [`${r.LEVEL}:${r.ID}:${r.RISK_ID}`, `${r.STATUS} ${r.CONTROLS}`]));
    expect(status).toEqual({
      'ROLE:CRM/Z_PAY:CA_PAY': 'OPEN ',
      'USER:JOHN:CA_PAY': 'OPEN ',
      'USER:JOHN:P2P01': 'MITIGATED C1',
      'USER:JSMITH:CA_PAY': 'MITIGATED C2',
    });
  });
});
