import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { rulesetToGrcFiles } from '../../../server/importers/ruleset-grc.ts';
import { rulesetToJson } from '../../../server/importers/ruleset-json.ts';
import { expectInputError, fileOf, folderOf, tempDir } from './helpers.ts';

// DESIGN 4.2: GRC's rule download, a plain tcode-pair sheet and JSON are rulesets too.
let rules: string;
let canonical: Ruleset;

beforeAll(async () => {
  const dir = tempDir('segra-rule-forms-');
  const g = spawnSync(process.execPath, ['bin/segra.js', 'generate', '--size', 'S', '--out', dir, '--seed', '2'], {
    encoding: 'utf8',
  });
  expect(g.status, g.stderr).toBe(0);
  rules = path.join(dir, 'rules');
  canonical = await readRuleset(rules);
}, 120_000);

describe("GRC's rule download (GRAC_DOWNLOAD_RULES)", () => {
  it('reads the text files of a download to the same ruleset, whatever the file names look like', async () => {
    const files = rulesetToGrcFiles(canonical);
    expect(Object.keys(files).sort()).toEqual(
      [
        'Function.txt',
        'FunctionAction.txt',
        'FunctionDescription.txt',
        'FunctionPermission.txt',
        'Risk.txt',
        'RiskDescription.txt',
        'RiskFunction.txt',
      ].sort(),
    );
    expect(files['Risk.txt'].split('\r\n')[0].split('\t')).toHaveLength(5);
    expect(await readRuleset(folderOf(files))).toEqual(canonical);
    const renamed = Object.fromEntries(
      Object.entries(files).map(([n, t]) => [
        `zgrc_${n
          .replace(/([a-z])([A-Z])/g, '$1_$2')
          .toLowerCase()
          .replace('.txt', '.TXT')}`,
        t,
      ]),
    );
    expect(await readRuleset(folderOf(renamed))).toEqual(canonical);
  });

  it('reads the connector as SYSTEM (one action per connector, DESIGN 5.18), English texts first, and GRC status words', async () => {
    const ruleset = await readRuleset(
      folderOf({
        'Risk.txt': 'R1\t1\tP2P\t3\tENABLED\nR2\t2\tP2P\t0\tDISABLED\n',
        'RiskDescription.txt': 'R1\tDE\tLieferant anlegen, zahlen\nR1\tEN\tCreate vendor, pay it\n',
        'RiskFunction.txt': 'R1\tF1\nR1\tF2\nR2\tF1\n',
        'Function.txt': 'F1\tP2P\t1\nF2\tP2P\t1\n',
        'FunctionAction.txt': 'F1\tECC\tXK01\t\nF1\tS4H\tXK01\t\nF2\tECC\tF110\tX\n',
        'FunctionPermission.txt':
          'F1\tECC\tXK01\tF_LFA1_APP\tACTVT\t01\t\tOR\t\nF1\tS4H\tXK01\tF_LFA1_APP\tACTVT\t01\t\tOR\t\n',
        'BusinessProcess.txt': 'P2P\tProcure to pay\n',
      }),
    );
    expect(ruleset.risks).toEqual([
      {
        id: 'R1',
        description: 'Create vendor, pay it',
        type: 'SOD',
        level: 'CRITICAL',
        businessProcess: 'P2P',
        active: true,
        functionIds: ['F1', 'F2'],
      },
      {
        id: 'R2',
        description: '',
        type: 'CRITICAL_ACTION',
        level: 'LOW',
        businessProcess: 'P2P',
        active: false,
        functionIds: ['F1'],
      },
    ]);
    expect(ruleset.functions[0].actions).toEqual([
      { action: 'XK01', active: true, system: 'ECC' },
      { action: 'XK01', active: true, system: 'S4H' },
    ]);
    expect(ruleset.functions[0].permissions.map((p) => p.system)).toEqual(['ECC', 'S4H']);
  });

  it('names the GRC file, line and column of a line that is too short or wrong', async () => {
    const base = {
      'Risk.txt': 'R1\t1\tP2P\t3\t\n',
      'RiskFunction.txt': 'R1\tF1\n',
      'Function.txt': 'F1\tP2P\n',
      'FunctionAction.txt': 'F1\tECC\tXK01\n',
    };
    await expectInputError(readRuleset(folderOf({ ...base, 'FunctionAction.txt': 'F1\tECC\tXK01\nF1\tECC\n' })), {
      file: 'FunctionAction.txt',
      line: 2,
      column: 3,
      message: /needs FUNCTION_ID, CONNECTOR, ACTION/,
    });
    await expectInputError(readRuleset(folderOf({ ...base, 'Risk.txt': 'R1\t1\tP2P\t3\t\nR2\t7\tP2P\t3\t\n' })), {
      file: 'Risk.txt',
      line: 2,
      column: 'RISK_TYPE',
    });
    await expectInputError(readRuleset(folderOf({ ...base, 'RiskFunction.txt': 'R1\tF9\n' })), {
      file: 'RiskFunction.txt',
      line: 1,
      column: 'FUNCTION_ID',
      message: /unknown function F9/,
    });
    const alone = folderOf({ 'Risk.txt': base['Risk.txt'] });
    await expectInputError(readRuleset(alone), { file: alone, message: /the GRC rule download has no function file/ });
  });
});

describe('a plain tcode-pair sheet', () => {
  it('reads RISK_ID, FUNCTION_ID, ACTION rows: two functions make an SoD risk, one a critical action, all HIGH', async () => {
    const ruleset = await readRuleset(
      fileOf('pairs.csv', 'RISK_ID;FUNCTION_ID;TCODE\nR1;PAY;F110\nR1;VENDOR;XK01\nR1;VENDOR;FK01\nR2;ADMIN;SU01\n'),
    );
    expect(ruleset.risks.map((r) => [r.id, r.type, r.level, r.active, r.functionIds])).toEqual([
      ['R1', 'SOD', 'HIGH', true, ['PAY', 'VENDOR']],
      ['R2', 'CRITICAL_ACTION', 'HIGH', true, ['ADMIN']],
    ]);
    expect(ruleset.functions.find((f) => f.id === 'VENDOR')?.actions.map((a) => a.action)).toEqual(['XK01', 'FK01']);
  });

  it('names file, line and column of an empty cell', async () => {
    await expectInputError(readRuleset(fileOf('pairs.csv', 'RISK_ID,FUNCTION_ID,ACTION\nR1,PAY,F110\nR1,,XK01\n')), {
      file: 'pairs.csv',
      line: 3,
      column: 'FUNCTION_ID',
    });
  });
});

describe('the JSON form', () => {
  it('reads back what it writes, and accepts GRC codes and omitted flags', async () => {
    expect(await readRuleset(fileOf('rules.json', rulesetToJson(canonical)))).toEqual(canonical);
    const r = await readRuleset([
      {
        name: 'rules.JSON',
        data: new TextEncoder().encode(
          JSON.stringify({
            risks: [{ id: 'R1', type: 1, level: '3', functionIds: ['F1'] }],
            functions: [{ id: 'F1', actions: ['XK01'] }],
          }),
        ),
      },
    ]);
    expect(r.risks[0]).toEqual({
      id: 'R1',
      description: '',
      type: 'SOD',
      level: 'CRITICAL',
      businessProcess: '',
      active: true,
      functionIds: ['F1'],
    });
    expect(r.functions[0]).toEqual({
      id: 'F1',
      description: '',
      businessProcess: '',
      actions: [{ action: 'XK01', active: true }],
      permissions: [],
    });
  });

  it('names the line and column of a syntax error, and the path of a wrong value', async () => {
    await expectInputError(readRuleset(fileOf('rules.json', '{\n  "risks": [\n    { "id": "R1",, }\n  ]\n}\n')), {
      file: 'rules.json',
      line: 3,
      column: 18,
      message: /not valid JSON/,
    });
    await expectInputError(
      readRuleset(
        fileOf(
          'rules.json',
          JSON.stringify({ risks: [{ id: 'R1', type: 'SOD', level: 'SEVERE', functionIds: [] }], functions: [] }),
        ),
      ),
      { file: 'rules.json', column: 'risks[0].level', message: /expected a risk level/ },
    );
    await expectInputError(
      readRuleset(
        fileOf(
          'rules.json',
          JSON.stringify({ risks: [{ id: 'R1', type: 'SOD', level: 'LOW', functionIds: ['NOPE'] }], functions: [] }),
        ),
      ),
      { file: 'rules.json', column: 'risks[0].functionIds[0]', message: /unknown function NOPE/ },
    );
  });
});

it('still says what it expected when nothing is a ruleset', async () => {
  const dir = folderOf({ 'notes.csv': 'A,B\n1,2\n' });
  await expectInputError(readRuleset(dir), { file: dir, message: /GRC's rule download .* or a \.json ruleset/ });
});
