import { describe, expect, it } from 'vitest';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { readUsage } from '../../../server/importers/usage-reader.ts';
import { readMitigations } from '../../../server/importers/mitigation-reader.ts';
import { rulesetToGrcFiles } from '../../../server/importers/ruleset-grc.ts';
import { rulesetToJson } from '../../../server/importers/ruleset-json.ts';
import { MAX_CELL_CHARS } from '../../../server/importers/cell-limit.ts';
import { rulesetLimits } from '../../../server/importers/ruleset-bounds.ts';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { expectInputError, fileOf, folderOf, MINIMAL_EXTRACT, xlsxOf } from './helpers.ts';

// DESIGN 7b: every import has bounds, refused where they are passed, naming file, line, column and limit.

const FLAT_HEADER = 'RISK_ID,RISK_TYPE,RISK_LEVEL,FUNCTION_ID,ACTION';
/** A flat ruleset of `n` functions, one risk each (line i + 1 holds function F<i>). */
const flatRuleset = (n: number): string => {
  const lines = [FLAT_HEADER];
  for (let i = 0; i < n; i++) lines.push(`R${i},CRITICAL_ACTION,HIGH,F${i},T${i}`);
  return lines.join('\n') + '\n';
};

const smallRuleset = (functions: number): Ruleset => ({
  risks: Array.from({ length: functions }, (_, i) => ({
    id: `R${i}`,
    description: '',
    type: 'CRITICAL_ACTION' as const,
    level: 'HIGH' as const,
    businessProcess: '',
    active: true,
    functionIds: [`F${i}`],
  })),
  functions: Array.from({ length: functions }, (_, i) => ({
    id: `F${i}`,
    description: '',
    businessProcess: '',
    actions: [{ action: `T${i}`, active: true }],
    permissions: [],
  })),
});

describe('ruleset bounds (MAX_RULESET_FUNCTIONS, MAX_RULESET_LINES)', () => {
  it('defaults to 100,000 functions and 2,000,000 lines, and reads both settings from the environment', () => {
    expect(rulesetLimits({})).toEqual({ functions: 100_000, lines: 2_000_000 });
    expect(rulesetLimits({ MAX_RULESET_FUNCTIONS: '7', MAX_RULESET_LINES: '9' })).toEqual({ functions: 7, lines: 9 });
    expect(() => rulesetLimits({ MAX_RULESET_FUNCTIONS: 'many' })).toThrow(/MAX_RULESET_FUNCTIONS/);
  });

  it('refuses the flat form at the 100,001st function by default, naming file, line, column and limit', async () => {
    const file = fileOf('rules.csv', flatRuleset(100_001));
    const e = await expectInputError(readRuleset(file), { file: 'rules.csv', line: 100_002, column: 'FUNCTION_ID', message: /more than 100000 functions/ });
    expect(e.code).toBe('RULESET_TOO_MANY_FUNCTIONS');
    expect(e.params).toMatchObject({ limit: 100_000 });
    // 100,000 functions are within the bound.
    await expect(readRuleset(fileOf('rules.csv', flatRuleset(100_000)))).resolves.toMatchObject({ functions: { length: 100_000 } });
  }, 60_000);

  it('stops reading at the line past the bound, not at the end of the file', async () => {
    // A malformed line after the bound is never reached: the bound is what the reader says.
    const text = flatRuleset(5) + 'broken,"never closed\n';
    const e = await expectInputError(readRuleset(fileOf('rules.csv', text), { functions: 3, lines: 100 }), {
      file: 'rules.csv',
      line: 5,
      column: 'FUNCTION_ID',
    });
    expect(e.code).toBe('RULESET_TOO_MANY_FUNCTIONS');
  });

  it('counts the lines of all tables of the multi-file form together', async () => {
    const dir = folderOf({
      'RISKS.csv': 'RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE\nR1,,CRITICAL_ACTION,HIGH,,X\n',
      'RISK_FUNCTIONS.csv': 'RISK_ID,FUNCTION_ID\nR1,F1\n',
      'FUNCTIONS.csv': 'FUNCTION_ID,DESCRIPTION,BUSINESS_PROCESS\nF1,,\n',
      'FUNCTION_ACTIONS.csv': 'FUNCTION_ID,ACTION,ACTIVE\nF1,T1,X\nF1,T2,X\nF1,T3,X\n',
      'FUNCTION_PERMISSIONS.csv': 'FUNCTION_ID,ACTION,OBJECT,FIELD,LOW,HIGH,OPERATOR,ACTIVE\n',
    });
    await expect(readRuleset(dir, { functions: 10, lines: 6 })).resolves.toBeDefined();
    // The folder is read in name order: FUNCTIONS (1), FUNCTION_ACTIONS (3), FUNCTION_PERMISSIONS (0), RISKS (1), RISK_FUNCTIONS.
    const e = await expectInputError(readRuleset(dir, { functions: 10, lines: 5 }), {
      file: 'RISK_FUNCTIONS.csv',
      line: 2,
      column: 'RISK_ID',
      message: /more than 5 lines \(MAX_RULESET_LINES\)/,
    });
    expect(e.code).toBe('RULESET_TOO_MANY_LINES');
    expect(e.params).toMatchObject({ limit: 5 });
  });

  it("bounds GRC's rule download, a workbook and the JSON form alike", async () => {
    const rules = smallRuleset(4);
    const grc = Object.entries(rulesetToGrcFiles(rules)).map(([name, text]) => ({ name, data: new TextEncoder().encode(text) }));
    const g = await expectInputError(readRuleset(grc, { functions: 3, lines: 1000 }), {
      file: expect.stringMatching(/Function/i) as unknown as string,
      line: expect.any(Number) as unknown as number,
      column: 'FUNCTION_ID',
    });
    expect(g.code).toBe('RULESET_TOO_MANY_FUNCTIONS');

    const book = await xlsxOf({ RULES: flatRuleset(4).trim().split('\n').map((l) => l.split(',')) });
    await expectInputError(readRuleset([{ name: 'rules.xlsx', data: book }], { functions: 3, lines: 1000 }), {
      file: 'rules.xlsx[RULES]',
      line: 5,
      column: 'FUNCTION_ID',
    });

    const json = [{ name: 'rules.json', data: new TextEncoder().encode(rulesetToJson(rules)) }];
    const j = await expectInputError(readRuleset(json, { functions: 3, lines: 1000 }), { file: 'rules.json', column: 'functions[3].id' });
    expect(j.code).toBe('RULESET_TOO_MANY_FUNCTIONS');
    // Four risks of two lines each (the risk, its function), then the first function's two.
    const l = await expectInputError(readRuleset(json, { functions: 100, lines: 9 }), { file: 'rules.json', column: 'functions[0]' });
    expect(l.code).toBe('RULESET_TOO_MANY_LINES');
  });
});

describe('a cell holds at most 64 KiB', () => {
  const long = 'x'.repeat(MAX_CELL_CHARS + 1);
  const fits = 'y'.repeat(MAX_CELL_CHARS);

  it('is refused in a plain CSV (the byte path), a quoted CSV (the text path) and an SE16 list, naming the column', async () => {
    const plain = { ...MINIMAL_EXTRACT, 'USR02.csv': `BNAME,USTYP,UFLAG\nALICE,A,0\nBOB,${long},0\n` };
    const e = await expectInputError(readSystemExtract(folderOf(plain)), { file: 'USR02.csv', line: 3, column: 'USTYP', message: /65536/ });
    expect(e.code).toBe('CELL_TOO_LONG');
    expect(e.params).toMatchObject({ limit: MAX_CELL_CHARS });

    const quoted = { ...MINIMAL_EXTRACT, 'USR02.csv': `BNAME,USTYP,UFLAG\n"ALICE",A,0\nBOB,"${long}",0\n` };
    await expectInputError(readSystemExtract(folderOf(quoted)), { file: 'USR02.csv', line: 3, column: 'USTYP' });

    const list = { ...MINIMAL_EXTRACT, 'USR02.txt': `|BNAME|USTYP|UFLAG|\n|-----|-----|-----|\n|ALICE|A|0|\n|BOB|${long}|0|\n` };
    delete (list as Record<string, string>)['USR02.csv'];
    await expectInputError(readSystemExtract(folderOf(list)), { file: 'USR02.txt', line: 4, column: 'USTYP' });

    // Exactly 64 KiB is a cell like any other.
    const edge = { ...MINIMAL_EXTRACT, 'USR02.csv': `BNAME,USTYP,UFLAG\nALICE,A,0\nBOB,${fits},0\n` };
    await expect(readSystemExtract(folderOf(edge))).resolves.toBeDefined();
  });

  it('is refused where a reading thread splits the far half of a big file', async () => {
    const rows = ['AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED'];
    for (let i = 0; i < 20_000; i++) rows.push(`Z_ROLE,S_TCODE,T-1,TCD,FB${i},,`);
    rows.push(`Z_ROLE,S_TCODE,T-1,TCD,${long},,`);
    const big = { ...MINIMAL_EXTRACT, 'AGR_1251.csv': rows.join('\n') + '\n' };
    const before = { threads: process.env.SEGRA_READ_THREADS, min: process.env.SEGRA_READ_THREAD_MIN_BYTES };
    process.env.SEGRA_READ_THREADS = '1';
    process.env.SEGRA_READ_THREAD_MIN_BYTES = String(64 * 1024);
    try {
      const e = await expectInputError(readSystemExtract(folderOf(big)), { file: 'AGR_1251.csv', line: 20_002, column: 'LOW' });
      expect(e.code).toBe('CELL_TOO_LONG');
    } finally {
      for (const [k, v] of [['SEGRA_READ_THREADS', before.threads], ['SEGRA_READ_THREAD_MIN_BYTES', before.min]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('is refused in a workbook, also a 52 MB cell, without holding much more than the cell', async () => {
    const book = await xlsxOf({ USAGE: [['ACCOUNT', 'ENTRY_ID', 'COUNTER'], ['ALICE', 'x'.repeat(52 * 1024 * 1024), 1]] });
    const before = process.memoryUsage().rss;
    const e = await expectInputError(readUsage(fileOf('usage.xlsx', book)), { file: 'usage.xlsx[USAGE]', line: 2, column: 'ENTRY_ID' });
    expect(e.code).toBe('CELL_TOO_LONG');
    expect(process.memoryUsage().rss - before).toBeLessThan(1024 * 1024 * 1024);
  }, 120_000);

  it('is refused in a ruleset and a mitigations file (every reader shares the table sources)', async () => {
    const rules = `${FLAT_HEADER},DESCRIPTION\nR1,CRITICAL_ACTION,HIGH,F1,T1,${long}\n`;
    const r = await expectInputError(readRuleset(fileOf('rules.csv', rules)), { file: 'rules.csv', line: 2, column: 'DESCRIPTION' });
    expect(r.code).toBe('CELL_TOO_LONG');
    const mitigations = `CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO\nC1,R1,USER,ALICE,20260101,${long}\n`;
    await expectInputError(readMitigations(fileOf('mitigations.csv', mitigations)), { file: 'mitigations.csv', line: 2, column: 'VALID_TO' });
  });
});
