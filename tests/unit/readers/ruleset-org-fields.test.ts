/**
 * RISKS.ORG_FIELDS (DESIGN 4.2, 5.15) in every ruleset form the readers know: multi-file
 * (folder, zip, xlsx), flat; written back on export only when some risk has org fields.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { rulesetToXlsx, rulesetToZip, writeRuleset } from '../../../server/importers/ruleset-writer.ts';
import { csv, expectInputError, folderOf, tempDir, xlsxOf } from './helpers.ts';

const FILES = (orgCell: string): Record<string, string> => ({
  'RISKS.csv': csv([
    ['RISK_ID', 'DESCRIPTION', 'RISK_TYPE', 'RISK_LEVEL', 'BUSINESS_PROCESS', 'ACTIVE', 'ORG_FIELDS'],
    ['ORG1', 'Post and pay in one company code', 'SOD', 'HIGH', 'P2P', 'X', orgCell],
    ['PLAIN', 'Pay', 'CRITICAL_ACTION', 'HIGH', 'P2P', 'X', ''],
  ]),
  'RISK_FUNCTIONS.csv': csv([['RISK_ID', 'FUNCTION_ID'], ['ORG1', 'POST'], ['ORG1', 'PAY'], ['PLAIN', 'PAY']]),
  'FUNCTIONS.csv': csv([['FUNCTION_ID', 'DESCRIPTION', 'BUSINESS_PROCESS'], ['POST', 'Post', 'P2P'], ['PAY', 'Pay', 'P2P']]),
  'FUNCTION_ACTIONS.csv': csv([['FUNCTION_ID', 'ACTION', 'ACTIVE'], ['POST', 'FB01', 'X'], ['PAY', 'F110', 'X']]),
});

const risk = (id: string, type: 'SOD' | 'CRITICAL_ACTION', functionIds: string[], description: string, orgFields?: string[]) => ({
  id,
  description,
  type,
  level: 'HIGH' as const,
  businessProcess: 'P2P',
  active: true,
  functionIds,
  ...(orgFields ? { orgFields } : {}),
});

const EXPECTED: Ruleset = {
  risks: [
    risk('ORG1', 'SOD', ['POST', 'PAY'], 'Post and pay in one company code', ['BUKRS', 'WERKS']),
    risk('PLAIN', 'CRITICAL_ACTION', ['PAY'], 'Pay'),
  ],
  functions: [
    { id: 'POST', description: 'Post', businessProcess: 'P2P', actions: [{ action: 'FB01', active: true }], permissions: [] },
    { id: 'PAY', description: 'Pay', businessProcess: 'P2P', actions: [{ action: 'F110', active: true }], permissions: [] },
  ],
};

describe('RISKS.ORG_FIELDS', () => {
  it('reads BUKRS+WERKS (spaces around names trimmed) from a folder and from an xlsx', async () => {
    expect(await readRuleset(folderOf(FILES(' BUKRS + WERKS ')))).toEqual(EXPECTED);
    const sheets = Object.fromEntries(
      Object.entries(FILES('BUKRS+WERKS')).map(([name, text]) => [
        name.replace('.csv', ''),
        text
          .trimEnd()
          .split('\n')
          .map((l) => l.split(',')),
      ]),
    );
    expect(await readRuleset([{ name: 'rules.xlsx', data: await xlsxOf(sheets) }])).toEqual(EXPECTED);
  });

  it('reads ORG_FIELDS in the flat form, on any row of the risk', async () => {
    const flat = csv([
      ['RISK_ID', 'RISK_TYPE', 'RISK_LEVEL', 'RISK_DESCRIPTION', 'BUSINESS_PROCESS', 'ORG_FIELDS', 'FUNCTION_ID', 'FUNCTION_DESCRIPTION', 'FUNCTION_BUSINESS_PROCESS', 'ACTION'],
      ['ORG1', 'SOD', 'HIGH', 'Post and pay in one company code', 'P2P', '', 'POST', 'Post', 'P2P', 'FB01'],
      ['ORG1', 'SOD', 'HIGH', '', 'P2P', 'BUKRS+WERKS', 'PAY', 'Pay', 'P2P', 'F110'],
      ['PLAIN', 'CRITICAL_ACTION', 'HIGH', 'Pay', 'P2P', '', 'PAY', '', '', 'F110'],
    ]);
    expect(await readRuleset(folderOf({ 'rules.csv': flat }))).toEqual(EXPECTED);
    const contradicting = flat.replace('PLAIN,CRITICAL_ACTION,HIGH,Pay,P2P,,', 'ORG1,SOD,HIGH,,P2P,BUKRS,');
    await expectInputError(readRuleset(folderOf({ 'rules.csv': contradicting })), {
      file: 'rules.csv',
      line: 4,
      column: 'ORG_FIELDS',
      message: /the org fields of risk ORG1 differs from line 2/,
    });
  });

  it('rejects an empty or repeated field name with file, line and column', async () => {
    await expectInputError(readRuleset(folderOf(FILES('BUKRS+'))), {
      file: 'RISKS.csv',
      line: 2,
      column: 'ORG_FIELDS',
      message: /org-level field names joined by \+.*"BUKRS\+".*empty field name/,
    });
    await expectInputError(readRuleset(folderOf(FILES('BUKRS+BUKRS'))), {
      file: 'RISKS.csv',
      line: 2,
      column: 'ORG_FIELDS',
      message: /the field BUKRS twice/,
    });
  });

  it.each(['dir', 'zip', 'xlsx'] as const)('round-trips through the %s export', async (format) => {
    const dir = tempDir();
    const out = format === 'dir' ? path.join(dir, 'rules') : path.join(dir, `rules.${format}`);
    await writeRuleset(EXPECTED, out, format);
    expect(await readRuleset(out)).toEqual(EXPECTED);
    expect(await readRuleset([{ name: 'r.zip', data: rulesetToZip(EXPECTED) }])).toEqual(EXPECTED);
    expect(await readRuleset([{ name: 'r.xlsx', data: await rulesetToXlsx(EXPECTED) }])).toEqual(EXPECTED);
  });

  it('writes the ORG_FIELDS column last, and only when some risk has org fields', async () => {
    const dir = path.join(tempDir(), 'rules');
    await writeRuleset(EXPECTED, dir, 'dir');
    const lines = fs.readFileSync(path.join(dir, 'RISKS.csv'), 'utf8').split('\r\n');
    expect(lines[0]).toBe('RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE,ORG_FIELDS');
    expect(lines[1]).toBe('ORG1,Post and pay in one company code,SOD,HIGH,P2P,X,BUKRS+WERKS');
    expect(lines[2]).toBe('PLAIN,Pay,CRITICAL_ACTION,HIGH,P2P,X,');
    const plainDir = path.join(tempDir(), 'rules');
    await writeRuleset({ ...EXPECTED, risks: EXPECTED.risks.slice(1) }, plainDir, 'dir');
    expect(fs.readFileSync(path.join(plainDir, 'RISKS.csv'), 'utf8').split('\r\n')[0]).toBe(
      'RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE',
    );
  });
});
