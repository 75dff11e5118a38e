import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { rulesetToXlsx, rulesetToZip, tableToCsv, writeRuleset } from '../../../server/importers/ruleset-writer.ts';
import { csv, expectInputError, folderOf, tempDir, xlsxOf, zipOf } from './helpers.ts';

const RISKS = csv([
  ['RISK_ID', 'DESCRIPTION', 'RISK_TYPE', 'RISK_LEVEL', 'BUSINESS_PROCESS', 'ACTIVE'],
  ['F001', 'Maintain vendor and pay', 'SOD', 'HIGH', 'P2P', 'X'],
  ['B001', 'Change users', 'critical_action', 'critical', 'BASIS', ''],
  ['B002', 'Debug replace', 'CRITICAL_PERMISSION', 'Medium', 'BASIS', 'N'],
]);
const RISK_FUNCTIONS = csv([
  ['RISK_ID', 'FUNCTION_ID'],
  ['F001', 'VEND'],
  ['F001', 'PAY'],
  ['B001', 'USERS'],
  ['B002', 'DEBUG'],
]);
const FUNCTIONS = csv([
  ['FUNCTION_ID', 'DESCRIPTION', 'BUSINESS_PROCESS'],
  ['VEND', 'Maintain vendors', 'P2P'],
  ['PAY', 'Payment run', 'P2P'],
  ['USERS', 'User maintenance', 'BASIS'],
  ['DEBUG', 'Debug and replace', 'BASIS'],
]);
const FUNCTION_ACTIONS = csv([
  ['FUNCTION_ID', 'ACTION', 'ACTIVE'],
  ['VEND', 'XK01', 'X'],
  ['VEND', 'FK01', 'false'],
  ['PAY', 'F110', ''],
  ['USERS', 'SU01', 'y'],
]);
const FUNCTION_PERMISSIONS =
  'FUNCTION_ID,ACTION,OBJECT,FIELD,LOW,HIGH,OPERATOR,ACTIVE\n' +
  'VEND,XK01,F_LFA1_APP,ACTVT,01,,,X\n' +
  'VEND,XK01,F_LFA1_APP,ACTVT,02,, or ,1\n' +
  'PAY,F110,F_REGU_BUK,FBTCH,21,26,AND,true\n' +
  'USERS,SU01,S_USER_GRP,ACTVT,03,,NOT,0\n' +
  'DEBUG,,S_DEVELOP,OBJTYPE,"\' \'",,,\n' +
  'DEBUG,, S_DEVELOP ,ACTVT, 02 ,,,\n';

const MULTI_FILE: Record<string, string> = {
  'RISKS.csv': RISKS,
  'RISK_FUNCTIONS.csv': RISK_FUNCTIONS,
  'FUNCTIONS.csv': FUNCTIONS,
  'FUNCTION_ACTIONS.csv': FUNCTION_ACTIONS,
  'FUNCTION_PERMISSIONS.csv': FUNCTION_PERMISSIONS,
};

const EXPECTED: Ruleset = {
  risks: [
    {
      id: 'F001',
      description: 'Maintain vendor and pay',
      type: 'SOD',
      level: 'HIGH',
      businessProcess: 'P2P',
      active: true,
      functionIds: ['VEND', 'PAY'],
    },
    {
      id: 'B001',
      description: 'Change users',
      type: 'CRITICAL_ACTION',
      level: 'CRITICAL',
      businessProcess: 'BASIS',
      active: true,
      functionIds: ['USERS'],
    },
    {
      id: 'B002',
      description: 'Debug replace',
      type: 'CRITICAL_PERMISSION',
      level: 'MEDIUM',
      businessProcess: 'BASIS',
      active: false,
      functionIds: ['DEBUG'],
    },
  ],
  functions: [
    {
      id: 'VEND',
      description: 'Maintain vendors',
      businessProcess: 'P2P',
      actions: [
        { action: 'XK01', active: true },
        { action: 'FK01', active: false },
      ],
      permissions: [
        { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true },
        { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '02', high: '', operator: 'OR', active: true },
      ],
    },
    {
      id: 'PAY',
      description: 'Payment run',
      businessProcess: 'P2P',
      actions: [{ action: 'F110', active: true }],
      permissions: [
        { action: 'F110', object: 'F_REGU_BUK', field: 'FBTCH', low: '21', high: '26', operator: 'AND', active: true },
      ],
    },
    {
      id: 'USERS',
      description: 'User maintenance',
      businessProcess: 'BASIS',
      actions: [{ action: 'SU01', active: true }],
      permissions: [
        { action: 'SU01', object: 'S_USER_GRP', field: 'ACTVT', low: '03', high: '', operator: 'NOT', active: false },
      ],
    },
    {
      id: 'DEBUG',
      description: 'Debug and replace',
      businessProcess: 'BASIS',
      actions: [],
      permissions: [
        { action: '', object: 'S_DEVELOP', field: 'OBJTYPE', low: "' '", high: '', operator: 'OR', active: true },
        { action: '', object: 'S_DEVELOP', field: 'ACTVT', low: ' 02 ', high: '', operator: 'OR', active: true },
      ],
    },
  ],
};

/** The multi-file ruleset with some files replaced. */
const withFiles = (files: Record<string, string>): string => folderOf({ ...MULTI_FILE, ...files });

describe('readRuleset: multi-file form', () => {
  it('reads a folder of CSV files', async () => {
    expect(await readRuleset(folderOf(MULTI_FILE))).toEqual(EXPECTED);
  });

  it('reads lower-case file names, a zip and uploads', async () => {
    const lower = Object.fromEntries(
      Object.entries(MULTI_FILE).map(([n, t]) => [n.toLowerCase().replace('.csv', '.txt'), t]),
    );
    expect(await readRuleset(folderOf(lower))).toEqual(EXPECTED);
    expect(await readRuleset([{ name: 'rules.zip', data: zipOf(MULTI_FILE) }])).toEqual(EXPECTED);
    const uploads = Object.entries(MULTI_FILE).map(([name, text]) => ({ name, data: new TextEncoder().encode(text) }));
    expect(await readRuleset(uploads)).toEqual(EXPECTED);
  });

  it('reads sheets of an xlsx, case-insensitively', async () => {
    const sheets: Record<string, string[][]> = {};
    for (const [name, text] of Object.entries(MULTI_FILE)) {
      if (name === 'FUNCTION_PERMISSIONS.csv') continue;
      sheets[name.replace('.csv', '').toLowerCase()] = text
        .trimEnd()
        .split('\n')
        .map((l) => l.split(','));
    }
    sheets.Function_Permissions = [
      ['FUNCTION_ID', 'ACTION', 'OBJECT', 'FIELD', 'LOW', 'HIGH', 'OPERATOR', 'ACTIVE'],
      ['PAY', 'F110', 'F_REGU_BUK', 'FBTCH', '21', '26', 'AND', 'true'],
    ];
    const r = await readRuleset([{ name: 'rules.xlsx', data: await xlsxOf(sheets) }]);
    expect(r.risks).toEqual(EXPECTED.risks);
    expect(r.functions.find((f) => f.id === 'PAY')!.permissions).toEqual(EXPECTED.functions[1].permissions);
  });

  it('accepts GRC numeric risk types and levels', async () => {
    const r = await readRuleset(
      withFiles({
        'RISKS.csv': csv([
          ['RISK_ID', 'RISK_TYPE', 'RISK_LEVEL'],
          ['F001', '1', '3'],
          ['B001', '2', '2'],
          ['B002', '3', '1'],
          ['B003', ' 1 ', '0'],
        ]),
      }),
    );
    expect(r.risks.map((x) => [x.id, x.type, x.level, x.description, x.active])).toEqual([
      ['F001', 'SOD', 'CRITICAL', '', true],
      ['B001', 'CRITICAL_ACTION', 'HIGH', '', true],
      ['B002', 'CRITICAL_PERMISSION', 'MEDIUM', '', true],
      ['B003', 'SOD', 'LOW', '', true],
    ]);
  });

  it('accepts a ruleset without FUNCTION_PERMISSIONS', async () => {
    const files = { ...MULTI_FILE };
    delete files['FUNCTION_PERMISSIONS.csv'];
    const r = await readRuleset(folderOf(files));
    expect(r.functions.every((f) => f.permissions.length === 0)).toBe(true);
    expect(r.functions[0].actions).toEqual(EXPECTED.functions[0].actions);
  });

  it('ignores other files next to the ruleset', async () => {
    const others = { 'README.txt': 'This ruleset is, well, "ours"\nsecond line', 'readme.csv': 'unrelated\n' };
    expect(await readRuleset(withFiles(others))).toEqual(EXPECTED);
  });
});

describe('readRuleset: malformed multi-file rulesets', () => {
  it.each(['maybe', 'active', '2', ' - '])('rejects ACTIVE %j', async (value) => {
    await expectInputError(
      readRuleset(withFiles({ 'FUNCTION_ACTIONS.csv': `FUNCTION_ID,ACTION,ACTIVE\nVEND,XK01,X\nPAY,F110,${value}\n` })),
      {
        file: 'FUNCTION_ACTIONS.csv',
        line: 3,
        column: 'ACTIVE',
        message: /expected X, Y, 1, true \(active\), N, 0, false, no \(inactive\) or an empty value \(active\), got/,
      },
    );
  });

  it.each([
    ['N', false],
    ['no', false],
    ['FALSE', false],
    ['0', false],
    [' ', true],
    ['True', true],
    ['1', true],
    ['Y', true],
  ])('reads ACTIVE %j as %s', async (value, active) => {
    const r = await readRuleset(
      withFiles({
        'RISKS.csv': `RISK_ID,RISK_TYPE,RISK_LEVEL,ACTIVE\nF001,SOD,HIGH,${value}\nB001,SOD,LOW,\nB002,SOD,LOW,\n`,
      }),
    );
    expect(r.risks[0].active).toBe(active);
  });

  it.each(['XOR', 'OR NOT', 'N'])('rejects OPERATOR %j', async (value) => {
    await expectInputError(
      readRuleset(
        withFiles({
          'FUNCTION_PERMISSIONS.csv': `FUNCTION_ID,ACTION,OBJECT,FIELD,LOW,HIGH,OPERATOR,ACTIVE\nVEND,XK01,F_LFA1_APP,ACTVT,01,,${value},\n`,
        }),
      ),
      { file: 'FUNCTION_PERMISSIONS.csv', line: 2, column: 'OPERATOR', message: /expected an operator OR, AND or NOT/ },
    );
  });

  it('rejects an unknown risk type or level', async () => {
    await expectInputError(
      readRuleset(withFiles({ 'RISKS.csv': 'RISK_ID,RISK_TYPE,RISK_LEVEL\nF001,SOD,HIGH\nB001,4,HIGH\n' })),
      {
        file: 'RISKS.csv',
        line: 3,
        column: 'RISK_TYPE',
        message: /got "4"/,
      },
    );
    await expectInputError(readRuleset(withFiles({ 'RISKS.csv': 'RISK_ID,RISK_TYPE,RISK_LEVEL\nF001,SOD,SEVERE\n' })), {
      file: 'RISKS.csv',
      line: 2,
      column: 'RISK_LEVEL',
      message: /got "SEVERE"/,
    });
  });

  it('rejects RISK_FUNCTIONS naming an unknown risk', async () => {
    await expectInputError(
      readRuleset(withFiles({ 'RISK_FUNCTIONS.csv': 'RISK_ID,FUNCTION_ID\nF001,VEND\nF999,PAY\n' })),
      {
        file: 'RISK_FUNCTIONS.csv',
        line: 3,
        column: 'RISK_ID',
        message: /unknown risk F999: it is not in RISKS\.csv/,
      },
    );
  });

  it('rejects RISK_FUNCTIONS naming a function missing from FUNCTIONS', async () => {
    await expectInputError(
      readRuleset(withFiles({ 'RISK_FUNCTIONS.csv': 'RISK_ID,FUNCTION_ID\nF001,VEND\nF001,GHOST\n' })),
      {
        file: 'RISK_FUNCTIONS.csv',
        line: 3,
        column: 'FUNCTION_ID',
        message: /unknown function GHOST: it is not in FUNCTIONS\.csv/,
      },
    );
  });

  it('rejects FUNCTION_ACTIONS and FUNCTION_PERMISSIONS naming an unknown function', async () => {
    await expectInputError(
      readRuleset(withFiles({ 'FUNCTION_ACTIONS.csv': 'FUNCTION_ID,ACTION\nVEND,XK01\n\nGHOST,SU01\n' })),
      {
        file: 'FUNCTION_ACTIONS.csv',
        line: 4,
        column: 'FUNCTION_ID',
        message: /unknown function GHOST/,
      },
    );
    await expectInputError(
      readRuleset(
        withFiles({
          'FUNCTION_PERMISSIONS.csv': 'FUNCTION_ID,ACTION,OBJECT,FIELD,LOW\nGHOST,SU01,S_USER_GRP,ACTVT,02\n',
        }),
      ),
      { file: 'FUNCTION_PERMISSIONS.csv', line: 2, column: 'FUNCTION_ID', message: /unknown function GHOST/ },
    );
  });

  it('rejects duplicate risk and function ids, and duplicate links', async () => {
    await expectInputError(
      readRuleset(
        withFiles({
          'RISKS.csv': 'RISK_ID,RISK_TYPE,RISK_LEVEL\nF001,SOD,HIGH\nB001,SOD,LOW\nB002,SOD,LOW\n F001 ,SOD,LOW\n',
        }),
      ),
      {
        file: 'RISKS.csv',
        line: 5,
        column: 'RISK_ID',
        message: /risk F001 is defined twice \(first on line 2\)/,
      },
    );
    await expectInputError(readRuleset(withFiles({ 'FUNCTIONS.csv': 'FUNCTION_ID\nVEND\nPAY\nUSERS\nDEBUG\nPAY\n' })), {
      file: 'FUNCTIONS.csv',
      line: 6,
      column: 'FUNCTION_ID',
      message: /function PAY is defined twice \(first on line 3\)/,
    });
    await expectInputError(
      readRuleset(withFiles({ 'RISK_FUNCTIONS.csv': 'RISK_ID,FUNCTION_ID\nF001,VEND\nF001,VEND\n' })),
      {
        file: 'RISK_FUNCTIONS.csv',
        line: 3,
        column: 'FUNCTION_ID',
        message: /listed twice/,
      },
    );
    await expectInputError(
      readRuleset(withFiles({ 'FUNCTION_ACTIONS.csv': 'FUNCTION_ID,ACTION\nVEND,XK01\nVEND,XK01\n' })),
      {
        file: 'FUNCTION_ACTIONS.csv',
        line: 3,
        column: 'ACTION',
        message: /action XK01 is listed twice for function VEND/,
      },
    );
  });

  it('rejects an empty id and a missing required column', async () => {
    await expectInputError(readRuleset(withFiles({ 'FUNCTIONS.csv': 'FUNCTION_ID,DESCRIPTION\nVEND,x\n ,y\n' })), {
      file: 'FUNCTIONS.csv',
      line: 3,
      column: 'FUNCTION_ID',
      message: /expected a function id, got an empty value/,
    });
    await expectInputError(readRuleset(withFiles({ 'RISKS.csv': 'RISK_ID,RISK_TYPE\nF001,SOD\n' })), {
      file: 'RISKS.csv',
      line: 1,
      column: 'RISK_LEVEL',
      message: /required column RISK_LEVEL is missing/,
    });
  });

  it('rejects a ruleset missing one of its files', async () => {
    const files = { ...MULTI_FILE };
    delete files['RISK_FUNCTIONS.csv'];
    const dir = folderOf(files);
    await expectInputError(readRuleset(dir), { file: dir, message: /the ruleset table RISK_FUNCTIONS is missing/ });
  });

  it('rejects a source holding no ruleset', async () => {
    const dir = folderOf({ 'notes.txt': 'A,B\n1,2\n' });
    await expectInputError(readRuleset(dir), { file: dir, message: /no ruleset found/ });
  });

  it('rejects a ruleset file given twice', async () => {
    await expectInputError(readRuleset(withFiles({ 'risks.txt': RISKS })), {
      file: 'risks.txt',
      message: /table RISKS is given twice \(also as RISKS\.csv\)/,
    });
  });

  it('rejects a malformed CSV line with its file and line', async () => {
    await expectInputError(readRuleset(withFiles({ 'FUNCTIONS.csv': 'FUNCTION_ID,DESCRIPTION\nVEND,"Maintain\n' })), {
      file: 'FUNCTIONS.csv',
      line: 2,
      column: 'DESCRIPTION',
      message: /never closed/,
    });
  });
});

const FLAT = csv([
  [
    'RISK_ID',
    'RISK_DESCRIPTION',
    'RISK_TYPE',
    'RISK_LEVEL',
    'BUSINESS_PROCESS',
    'RISK_ACTIVE',
    'FUNCTION_ID',
    'FUNCTION_DESCRIPTION',
    'FUNCTION_BUSINESS_PROCESS',
    'ACTION',
    'ACTION_ACTIVE',
    'OBJECT',
    'FIELD',
    'LOW',
    'HIGH',
    'OPERATOR',
    'PERMISSION_ACTIVE',
  ],
  [
    'F001',
    'Maintain vendor and pay',
    '1',
    '2',
    'P2P',
    'X',
    'VEND',
    'Maintain vendors',
    'P2P',
    'XK01',
    'X',
    'F_LFA1_APP',
    'ACTVT',
    '01',
    '',
    '',
    'X',
  ],
  ['F001', '', '1', '2', '', 'X', 'VEND', '', '', 'XK01', '', 'F_LFA1_APP', 'ACTVT', '02', '', 'OR', '1'],
  ['F001', '', 'SOD', 'HIGH', '', 'X', 'VEND', '', '', 'FK01', 'N', '', '', '', '', '', ''],
  [
    'F001',
    '',
    '1',
    '2',
    '',
    '',
    'PAY',
    'Payment run',
    'P2P',
    'F110',
    '',
    'F_REGU_BUK',
    'FBTCH',
    '21',
    '26',
    'AND',
    'true',
  ],
  [
    'B001',
    'Change users',
    '2',
    '3',
    'BASIS',
    '',
    'USERS',
    'User maintenance',
    'BASIS',
    'SU01',
    'y',
    'S_USER_GRP',
    'ACTVT',
    '03',
    '',
    'NOT',
    '0',
  ],
  [
    'B002',
    'Debug replace',
    '3',
    '1',
    'BASIS',
    'N',
    'DEBUG',
    'Debug and replace',
    'BASIS',
    '',
    '',
    'S_DEVELOP',
    'OBJTYPE',
    "' '",
    '',
    '',
    '',
  ],
  ['B002', '', '3', '1', '', 'N', 'DEBUG', '', '', '', '', 'S_DEVELOP', 'ACTVT', ' 02 ', '', '', ''],
]);

describe('readRuleset: flat form', () => {
  it('reads a single flat file into the same ruleset as the multi-file form', async () => {
    expect(await readRuleset(folderOf({ 'ruleset.csv': FLAT }))).toEqual(EXPECTED);
  });

  it('reads a single flat sheet next to unrelated sheets', async () => {
    const rows = FLAT.trimEnd()
      .split('\n')
      .map((l) => l.split(','));
    const book = await xlsxOf({ Rules: rows, Notes: [['Read me']] });
    expect(await readRuleset([{ name: 'rules.xlsx', data: book }])).toEqual(EXPECTED);
  });

  it('reads a flat file given by path, whatever its name', async () => {
    expect(await readRuleset(path.join(folderOf({ 'my rules.csv': FLAT }), 'my rules.csv'))).toEqual(EXPECTED);
    expect(await readRuleset(folderOf({ 'RISKS.csv': FLAT }))).toEqual(EXPECTED);
  });

  it('rejects a flat row contradicting an earlier row of the same risk', async () => {
    const bad = FLAT + 'F001,,1,3,,X,PAY,,,F110,,,,,,,\n';
    await expectInputError(readRuleset(folderOf({ 'ruleset.csv': bad })), {
      file: 'ruleset.csv',
      line: 9,
      column: 'RISK_LEVEL',
      message: /the level of risk F001 differs from line 2/,
    });
  });

  it('rejects bad values in the flat form with their column', async () => {
    const bad = FLAT.replace('F110,,F_REGU_BUK,FBTCH,21,26,AND,true', 'F110,,F_REGU_BUK,FBTCH,21,26,NAND,true');
    await expectInputError(readRuleset(folderOf({ 'ruleset.csv': bad })), {
      file: 'ruleset.csv',
      line: 5,
      column: 'OPERATOR',
    });
    const bad2 = FLAT.replace('SU01,y,S_USER_GRP', 'SU01,perhaps,S_USER_GRP');
    await expectInputError(readRuleset(folderOf({ 'ruleset.csv': bad2 })), {
      file: 'ruleset.csv',
      line: 6,
      column: 'ACTION_ACTIVE',
    });
  });

  it('rejects two flat tables', async () => {
    const dir = folderOf({ 'a.csv': FLAT, 'b.csv': FLAT });
    await expectInputError(readRuleset(dir), { file: dir, message: /more than one table looks like a flat ruleset/ });
  });
});

/** A ruleset whose values need quoting, blanks kept, and inactive entries of every kind. */
const AWKWARD: Ruleset = {
  risks: [{ ...EXPECTED.risks[0], description: 'Vendor, "pay" and\nmore', active: false }, ...EXPECTED.risks.slice(1)],
  functions: [
    {
      ...EXPECTED.functions[0],
      description: ' leading and trailing ',
      permissions: [
        ...EXPECTED.functions[0].permissions,
        { action: 'XK01', object: 'S_TABU_DIS', field: 'DICBERCLS', low: ' ', high: '', operator: 'OR', active: false },
        {
          action: 'XK01',
          object: 'S_TABU_DIS',
          field: 'DICBERCLS',
          low: 'a,b',
          high: '"z"',
          operator: 'AND',
          active: true,
        },
      ],
    },
    ...EXPECTED.functions.slice(1),
  ],
};

describe('writing rulesets', () => {
  it.each(['dir', 'zip', 'xlsx'] as const)('round-trips through the %s format', async (format) => {
    const dir = tempDir();
    const out = format === 'dir' ? path.join(dir, 'rules') : path.join(dir, `rules.${format}`);
    await writeRuleset(AWKWARD, out, format);
    expect(fs.existsSync(out)).toBe(true);
    expect(await readRuleset(out)).toEqual(AWKWARD);
  });

  it('writes the five files of the multi-file form, comma-delimited and quoted where needed', async () => {
    const dir = path.join(tempDir(), 'rules');
    await writeRuleset(AWKWARD, dir, 'dir');
    expect(fs.readdirSync(dir).sort()).toEqual([
      'FUNCTIONS.csv',
      'FUNCTION_ACTIONS.csv',
      'FUNCTION_PERMISSIONS.csv',
      'RISKS.csv',
      'RISK_FUNCTIONS.csv',
    ]);
    const risks = fs.readFileSync(path.join(dir, 'RISKS.csv'), 'utf8');
    expect(risks.split('\r\n')[0]).toBe('RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE');
    expect(risks).toContain('F001,"Vendor, ""pay"" and\nmore",SOD,HIGH,P2P,N\r\n');
  });

  it('exports bytes that read back as uploads', async () => {
    expect(await readRuleset([{ name: 'r.zip', data: rulesetToZip(AWKWARD) }])).toEqual(AWKWARD);
    expect(await readRuleset([{ name: 'r.xlsx', data: await rulesetToXlsx(AWKWARD) }])).toEqual(AWKWARD);
  });

  it('quotes CSV fields only when needed', () => {
    expect(
      tableToCsv([
        ['a', 'b,c', 'd"e', ' f', ''],
        ['x\ny', "' '", '*'],
      ]),
    ).toBe('a,"b,c","d""e"," f",\r\n"x\ny",\' \',*\r\n');
  });
});
