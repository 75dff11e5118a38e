/**
 * findingsToCsv: header LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES; rows sorted by
 * LEVEL, ID, RISK_ID as plain strings in code-point order (so PROFILE < ROLE < USER);
 * FUNCTIONS `FUNCTION_ID:ACTION` joined by `;` (ACTION empty for a function without actions);
 * SOURCES the distinct paths joined by `;`, steps joined by `>`, written R:/P:/U:. Fields are
 * quoted per RFC 4180 when they contain a comma, a quote or a line break.
 */
import { describe, it, expect } from 'vitest';
import { findingsToCsv } from '../../../engine/index.ts';
import type { Finding, FunctionMatch, HolderLevel, SourcePath } from '../../../engine/model/index.ts';

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const role = (name: string) => ({ kind: 'role' as const, name });
const profile = (name: string) => ({ kind: 'profile' as const, name });
const refUser = (name: string) => ({ kind: 'user' as const, name });

function fm(functionId: string, action: string | null, ...sources: SourcePath[]): FunctionMatch {
  return { functionId, action, sources };
}

function finding(
  level: HolderLevel,
  holder: string,
  riskId: string,
  functions: FunctionMatch[] = [fm('FN', 'T1', [role('R')])],
): Finding {
  return {
    level,
    holder,
    riskId,
    riskLevel: 'HIGH',
    riskType: 'SOD',
    businessProcess: 'P2P',
    analysisLevel: 'permission',
    mode: 'same-instance',
    functions,
    accepted: false,
    acceptance: null,
  };
}

const HEADER = ['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES'];
const set = (field: string): string[] => (field === '' ? [] : field.split(';').sort());

describe('findingsToCsv', () => {
  it('writes the header first, exactly', () => {
    const csv = findingsToCsv([]);
    expect(csv.split(/\r?\n/)[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES');
    expect(parseCsv(csv)).toEqual([HEADER]);
  });

  it('writes one row per finding with its level, holder, risk, risk level and type', () => {
    const f = finding('USER', 'U1', 'P2P01');
    f.riskLevel = 'CRITICAL';
    f.riskType = 'CRITICAL_ACTION';
    const rows = parseCsv(findingsToCsv([f]));
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 5)).toEqual(['USER', 'U1', 'P2P01', 'CRITICAL', 'CRITICAL_ACTION']);
    expect(rows[1]).toHaveLength(7);
  });

  it('sorts rows by LEVEL, ID, RISK_ID in plain code-point order', () => {
    const input = [
      finding('USER', 'U2', 'R1'),
      finding('USER', 'U10', 'R2'),
      finding('USER', 'U10', 'R10'),
      finding('ROLE', 'a_role', 'R1'),
      finding('ROLE', 'Z_ROLE', 'R1'),
      finding('PROFILE', 'P1', 'R1'),
      finding('USER', 'U1', 'R1'),
    ];
    const ids = parseCsv(findingsToCsv(input))
      .slice(1)
      .map((r) => `${r[0]}:${r[1]}:${r[2]}`);
    expect(ids).toEqual([
      'PROFILE:P1:R1',
      'ROLE:Z_ROLE:R1',
      'ROLE:a_role:R1',
      'USER:U1:R1',
      'USER:U10:R10',
      'USER:U10:R2',
      'USER:U2:R1',
    ]);
  });

  it('writes FUNCTIONS as FUNCTION_ID:ACTION joined by `;`, the action empty for a function without actions', () => {
    const f = finding('USER', 'U1', 'P2P01', [
      fm('FN_VEND', 'FK02', [role('R_VEND')]),
      fm('FN_DEV', null, [role('R_DEV')]),
    ]);
    const row = parseCsv(findingsToCsv([f]))[1];
    expect(set(row[5])).toEqual(['FN_DEV:', 'FN_VEND:FK02']);
  });

  it('writes SOURCES as the distinct paths joined by `;`, steps joined by `>`, as R:/P:/U:', () => {
    const f = finding('USER', 'U1', 'P2P01', [
      fm('FN_VEND', 'FK02', [role('C_P2P'), role('S_VEND')], [refUser('REF'), profile('P_COMP'), profile('P_VEND')]),
      fm('FN_PAY', 'F110', [refUser('REF'), role('R_PAY')], [role('C_P2P'), role('S_VEND')]),
    ]);
    const row = parseCsv(findingsToCsv([f]))[1];
    expect(set(row[6])).toEqual(['R:C_P2P>R:S_VEND', 'U:REF>P:P_COMP>P:P_VEND', 'U:REF>R:R_PAY']);
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180) and reads back the same values', () => {
    const holder = 'Z_"ROLE",1';
    const risk = 'RISK,2';
    const multi = 'LINE1\nLINE2';
    const csv = findingsToCsv([finding('ROLE', holder, risk), finding('USER', multi, 'R1')]);
    expect(csv).toContain('"Z_""ROLE"",1"');
    expect(csv).toContain('"RISK,2"');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(0, 3)).toEqual(['ROLE', holder, risk]);
    expect(rows[2].slice(0, 3)).toEqual(['USER', multi, 'R1']);
    for (const r of rows) expect(r).toHaveLength(7);
  });

  it('leaves plain fields unquoted', () => {
    const csv = findingsToCsv([finding('USER', 'U1', 'P2P01', [fm('FN', 'F110', [role('R_PAY')])])]);
    expect(csv.split(/\r?\n/)[1]).toBe('USER,U1,P2P01,HIGH,SOD,FN:F110,R:R_PAY');
  });
});
