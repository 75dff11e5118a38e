/**
 * DESIGN 5.18 / 4.2: FUNCTION_ACTIONS and FUNCTION_PERMISSIONS may carry SYSTEM (GRC's
 * connector) in every ruleset form, an action may be listed once per system, and the export
 * writes the column back only when some row has one (so other exports stay byte for byte).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { rulesetToTables } from '../../../engine/rulesets/ruleset-tables.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { rulesetToGrcFiles } from '../../../server/importers/ruleset-grc.ts';
import { rulesetToJson } from '../../../server/importers/ruleset-json.ts';
import { rulesetToXlsx, writeRuleset } from '../../../server/importers/ruleset-writer.ts';
import { csv, expectInputError, fileOf, folderOf, tempDir } from './helpers.ts';

const BASE = {
  'RISKS.csv': csv([
    ['RISK_ID', 'DESCRIPTION', 'RISK_TYPE', 'RISK_LEVEL', 'BUSINESS_PROCESS', 'ACTIVE'],
    ['R1', 'Vendor and pay', 'SOD', 'HIGH', 'P2P', 'X'],
  ]),
  'RISK_FUNCTIONS.csv': csv([
    ['RISK_ID', 'FUNCTION_ID'],
    ['R1', 'VEND'],
    ['R1', 'PAY'],
  ]),
  'FUNCTIONS.csv': csv([
    ['FUNCTION_ID', 'DESCRIPTION', 'BUSINESS_PROCESS'],
    ['VEND', 'Vendors', 'P2P'],
    ['PAY', 'Payments', 'P2P'],
  ]),
};

const BOUND: Ruleset = {
  risks: [{ id: 'R1', description: 'Vendor and pay', type: 'SOD', level: 'HIGH', businessProcess: 'P2P', active: true, functionIds: ['VEND', 'PAY'] }],
  functions: [
    {
      id: 'VEND',
      description: 'Vendors',
      businessProcess: 'P2P',
      actions: [
        { action: 'XK01', active: true, system: 'ERP' },
        { action: 'XK01', active: true, system: 'S4H' },
        { action: 'FK01', active: true },
      ],
      permissions: [
        { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true, system: 'ERP' },
        { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true },
      ],
    },
    { id: 'PAY', description: 'Payments', businessProcess: 'P2P', actions: [{ action: 'F110', active: true, system: 'S4H' }], permissions: [] },
  ],
};

describe('SYSTEM in the multi-file form', () => {
  it('reads SYSTEM on actions and permission lines, an action once per system, empty for any system', async () => {
    const dir = folderOf({
      ...BASE,
      'FUNCTION_ACTIONS.csv': csv([
        ['FUNCTION_ID', 'ACTION', 'ACTIVE', 'SYSTEM'],
        ['VEND', 'XK01', 'X', 'ERP'],
        ['VEND', 'XK01', 'X', ' S4H '],
        ['VEND', 'FK01', 'X', ''],
        ['PAY', 'F110', '', 'S4H'],
      ]),
      'FUNCTION_PERMISSIONS.csv': csv([
        ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'ACTIVE', 'SYSTEM'],
        ['VEND', 'XK01', 'F_LFA1_APP', 'ACTVT', '01', '', 'OR', 'X', 'ERP'],
        ['VEND', 'XK01', 'F_LFA1_APP', 'ACTVT', '01', '', 'OR', 'X', ''],
      ]),
    });
    expect(await readRuleset(dir)).toEqual(BOUND);
  });

  it('refuses an action listed twice for one system, and a SYSTEM that cannot be a system id, naming file, line and column', async () => {
    const twice = folderOf({
      ...BASE,
      'FUNCTION_ACTIONS.csv': csv([
        ['FUNCTION_ID', 'ACTION', 'SYSTEM'],
        ['VEND', 'XK01', 'ERP'],
        ['VEND', 'XK01', 'ERP'],
      ]),
    });
    await expectInputError(readRuleset(twice), {
      file: 'FUNCTION_ACTIONS.csv',
      line: 3,
      column: 'ACTION',
      message: /listed twice for function VEND in system ERP \(first on line 2\)/,
    });
    const bad = folderOf({
      ...BASE,
      'FUNCTION_ACTIONS.csv': csv([
        ['FUNCTION_ID', 'ACTION', 'SYSTEM'],
        ['VEND', 'XK01', 'ERP/100'],
      ]),
    });
    await expectInputError(readRuleset(bad), { file: 'FUNCTION_ACTIONS.csv', line: 2, column: 'SYSTEM', message: /system id/ });
  });
});

describe('SYSTEM in the flat form', () => {
  it('binds the row’s action and permission line to the SYSTEM of the row', async () => {
    const file = fileOf(
      'flat.csv',
      csv([
        ['RISK_ID', 'RISK_TYPE', 'RISK_LEVEL', 'DESCRIPTION', 'BUSINESS_PROCESS', 'FUNCTION_ID', 'FUNCTION_DESCRIPTION', 'FUNCTION_BUSINESS_PROCESS', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'SYSTEM'],
        ['R1', 'SOD', 'HIGH', 'Vendor and pay', 'P2P', 'VEND', 'Vendors', 'P2P', 'XK01', 'F_LFA1_APP', 'ACTVT', '01', 'ERP'],
        ['R1', 'SOD', 'HIGH', '', '', 'VEND', '', '', 'XK01', '', '', '', 'S4H'],
        ['R1', 'SOD', 'HIGH', '', '', 'PAY', 'Payments', 'P2P', 'F110', '', '', '', 'S4H'],
      ]),
    );
    const r = await readRuleset(file);
    expect(r.functions[0].actions).toEqual([
      { action: 'XK01', active: true, system: 'ERP' },
      { action: 'XK01', active: true, system: 'S4H' },
    ]);
    expect(r.functions[0].permissions).toEqual([
      { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true, system: 'ERP' },
    ]);
    expect(r.functions[1].actions).toEqual([{ action: 'F110', active: true, system: 'S4H' }]);
  });
});

describe('SYSTEM written back', () => {
  it.each(['dir', 'zip', 'xlsx'] as const)('round-trips through the %s format', async (format) => {
    const out = format === 'dir' ? path.join(tempDir(), 'rules') : path.join(tempDir(), `rules.${format}`);
    await writeRuleset(BOUND, out, format);
    expect(await readRuleset(out)).toEqual(BOUND);
  });

  it('round-trips through the xlsx bytes, the JSON form and GRC’s files (the connector column)', async () => {
    expect(await readRuleset([{ name: 'r.xlsx', data: await rulesetToXlsx(BOUND) }])).toEqual(BOUND);
    expect(await readRuleset(fileOf('rules.json', rulesetToJson(BOUND)))).toEqual(BOUND);
    const grc = rulesetToGrcFiles(BOUND);
    expect(grc['FunctionAction.txt']).toContain('VEND\tERP\tXK01\tX\r\n');
    const back = await readRuleset(folderOf(grc));
    expect(back.functions).toEqual(BOUND.functions.map((f) => ({ ...f, description: f.description })));
  });

  it('writes SYSTEM only when some row has one: an unbound ruleset exports as before', () => {
    const unbound: Ruleset = {
      ...BOUND,
      functions: BOUND.functions.map((f) => ({
        ...f,
        actions: f.actions.filter((a) => a.system !== 'S4H').map(({ action, active }) => ({ action, active })),
        permissions: f.permissions.map(({ system: _s, ...p }) => p),
      })),
    };
    const before = rulesetToTables(unbound);
    expect(before.FUNCTION_ACTIONS[0]).toEqual(['FUNCTION_ID', 'ACTION', 'ACTIVE']);
    expect(before.FUNCTION_PERMISSIONS[0]).toEqual(['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'ACTIVE']);
    expect(before.FUNCTION_ACTIONS.every((r) => r.length === 3)).toBe(true);
    const bound = rulesetToTables(BOUND);
    expect(bound.FUNCTION_ACTIONS).toContainEqual(['VEND', 'XK01', 'X', 'S4H']);
    expect(bound.FUNCTION_ACTIONS).toContainEqual(['VEND', 'FK01', 'X', '']);
    expect(bound.FUNCTION_PERMISSIONS[0].at(-1)).toBe('SYSTEM');
  });

  it('keeps an exported folder free of a SYSTEM column when nothing is bound', async () => {
    const dir = path.join(tempDir(), 'rules');
    await writeRuleset({ ...BOUND, functions: [{ ...BOUND.functions[1], actions: [{ action: 'F110', active: true }] }] }, dir, 'dir');
    expect(fs.readFileSync(path.join(dir, 'FUNCTION_ACTIONS.csv'), 'utf8')).toBe('FUNCTION_ID,ACTION,ACTIVE\r\nPAY,F110,X\r\n');
  });
});
