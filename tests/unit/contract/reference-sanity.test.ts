/**
 * Sanity tests of the reference evaluator itself (tests/reference/reference-evaluator.ts),
 * against hand-written expectations and without the engine, so that a disagreement in the
 * property tests can be blamed on the right side.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  cmpCodePoints,
  lowestCovered,
  parseRulePattern,
  parseValueRow,
  patternSatisfied,
  referenceAccepted,
  referenceAnalyse,
  referenceExcludedUsers,
  rowCovers,
  rowsIntersect,
  type ValueRow,
} from '../../reference/reference-evaluator.ts';
import {
  PAY,
  VENDOR,
  acceptance,
  extract,
  inst,
  opts,
  p2pRuleset,
  perm,
  range,
  ruleset,
  tcodes,
} from '../../reference/fixture.ts';

const covers = (low: string, high: string, v: string): boolean => rowCovers(parseValueRow(low, high), v);
const keys = (fs: Array<{ level: string; holder: string; riskId: string }>): string[] =>
  fs.map((f) => `${f.level}:${f.holder}:${f.riskId}`).sort();

describe('reference: value rows', () => {
  it('reads the shapes of rule 4', () => {
    expect(parseValueRow('*', '')).toEqual({ kind: 'all' });
    expect(parseValueRow('*X', '')).toEqual({ kind: 'all' });
    expect(parseValueRow('A*B', '')).toEqual({ kind: 'prefix', prefix: 'A' });
    expect(parseValueRow(' A ', '')).toEqual({ kind: 'exact', value: 'A' });
    expect(parseValueRow("' '", '')).toEqual({ kind: 'exact', value: '' });
    expect(parseValueRow('', '')).toEqual({ kind: 'exact', value: '' });
    expect(parseValueRow('AB', 'C*')).toEqual({ kind: 'range', low: 'AB', high: 'C', highStar: true });
    expect(parseValueRow('*', 'B')).toEqual({ kind: 'all' });
    expect(parseValueRow('B*', 'C')).toEqual({ kind: 'range', low: 'B', high: 'C', highStar: false });
    expect(parseValueRow("' '", 'A')).toEqual({ kind: 'range', low: '', high: 'A', highStar: false });
  });

  it('covers what rule 4 says', () => {
    expect(covers('AB', 'C*', 'B')).toBe(true);
    expect(covers('AB', 'C*', 'CZZ')).toBe(true);
    expect(covers('AB', 'C*', 'D')).toBe(false);
    expect(covers('AB', 'C*', 'AA')).toBe(false);
    expect(covers('A', 'C', 'CA')).toBe(false);
    expect(covers('', 'B', '')).toBe(true);
    expect(covers('A*', '', '')).toBe(false);
    expect(covers('A', 'Z', 'a')).toBe(false);
    expect(covers('A', '\uFF5E', '\u{1F600}')).toBe(false);
  });

  it('compares by code point', () => {
    expect(cmpCodePoints('\u{1F600}', '\uFF5E')).toBe(1);
    expect('\u{1F600}' < '\uFF5E').toBe(true); // UTF-16 order differs
    expect(cmpCodePoints('A', 'AB')).toBe(-1);
    expect(cmpCodePoints('', '')).toBe(0);
  });

  it('lowestCovered is covered whenever anything is (checked by brute force on a small alphabet)', () => {
    const word = fc.array(fc.constantFrom('', 'A', 'B', 'C', '*', ' '), { maxLength: 3 }).map((a) => a.join(''));
    const strings: string[] = [''];
    for (const a of ['A', 'B', 'C']) {
      strings.push(a);
      for (const b of ['A', 'B', 'C']) {
        strings.push(a + b);
        for (const c of ['A', 'B', 'C']) strings.push(a + b + c);
      }
    }
    fc.assert(
      fc.property(word, word, (low, high) => {
        const row: ValueRow = parseValueRow(low, high);
        const some = strings.filter((s) => rowCovers(row, s));
        if (some.length === 0) return;
        expect(rowCovers(row, lowestCovered(row))).toBe(true);
        for (const s of some) expect(cmpCodePoints(lowestCovered(row), s) <= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('rowsIntersect agrees with brute force on strings up to length 3 over A, B, C', () => {
    const word = fc.array(fc.constantFrom('', 'A', 'B', 'C', '*'), { maxLength: 3 }).map((a) => a.join(''));
    const strings: string[] = [''];
    for (const a of ['A', 'B', 'C']) {
      strings.push(a);
      for (const b of ['A', 'B', 'C']) {
        strings.push(a + b);
        for (const c of ['A', 'B', 'C']) strings.push(a + b + c);
      }
    }
    fc.assert(
      fc.property(word, word, word, word, (l1, h1, l2, h2) => {
        const a = parseValueRow(l1, h1);
        const b = parseValueRow(l2, h2);
        const brute = strings.some((s) => rowCovers(a, s) && rowCovers(b, s));
        // Brute force over short strings can only miss witnesses longer than 3; with patterns of
        // length ≤ 3 the witness (the larger lower bound) is itself at most 3 long.
        expect(rowsIntersect(a, b)).toBe(brute);
      }),
      { numRuns: 500 },
    );
  });

  it('rule patterns: `*` alone needs a full row; X* and ranges need an overlap', () => {
    const rows = (...r: Array<[string, string]>): ValueRow[] => r.map(([l, h]) => parseValueRow(l, h));
    expect(patternSatisfied(rows(['*', '']), parseRulePattern('*', ''))).toBe(true);
    expect(patternSatisfied(rows(['', '*']), parseRulePattern('*', ''))).toBe(true);
    expect(patternSatisfied(rows(['A*', '']), parseRulePattern('*', ''))).toBe(false);
    expect(patternSatisfied(rows(['AB', '']), parseRulePattern('A*', ''))).toBe(true);
    expect(patternSatisfied(rows(['B', '']), parseRulePattern('A*', ''))).toBe(false);
    expect(patternSatisfied(rows(['A', 'B']), parseRulePattern('B', 'C'))).toBe(true);
    expect(patternSatisfied(rows(['CA', '']), parseRulePattern('B', 'C'))).toBe(false);
  });
});

describe('reference: analyses with hand-written expectations', () => {
  const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY']).build();

  it('composite roles with a cycle, profiles and a reference user', () => {
    const x = extract()
      .users('U1', 'U2', 'U3')
      .user('REF', { ustyp: 'L', uflag: 64 })
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_A', 'C_B', 'S_VEND')
      .composite('C_B', 'C_A', 'S_PAY')
      .assign('U1', 'C_A')
      .profile('P_PAY', ...PAY)
      .subProfiles('P_COMP', 'P_PAY', 'P_COMP')
      .assignProfile('U2', 'P_COMP')
      .assign('U2', 'S_VEND')
      .assign('REF', 'S_PAY')
      .assign('U3', 'S_VEND')
      .refUser('U3', 'REF')
      .build();
    expect(keys(referenceAnalyse(x, rules, opts()))).toEqual([
      'PROFILE:P_COMP:CA_PAY',
      'ROLE:C_A:CA_PAY',
      'ROLE:C_A:P2P01',
      'ROLE:C_B:CA_PAY',
      'ROLE:C_B:P2P01',
      'ROLE:S_PAY:CA_PAY',
      'USER:U1:CA_PAY',
      'USER:U1:P2P01',
      'USER:U2:CA_PAY',
      'USER:U2:P2P01',
      'USER:U3:CA_PAY',
      'USER:U3:P2P01',
    ]);
    expect(referenceExcludedUsers(x, opts())).toEqual([{ bname: 'REF', reasons: ['locked'] }]);
  });

  it('same-instance vs union (reference section 4, third negative test)', () => {
    const r = ruleset()
      .fn('FN', ['FK02'], [perm('FK02', 'F_LFA1_APP', 'ACTVT', '02'), perm('FK02', 'F_LFA1_APP', 'APPKZ', 'F')])
      .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
      .build();
    const x = extract()
      .user('U1')
      .role(
        'R',
        tcodes('FK02'),
        inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'M' }),
        inst('F_LFA1_APP', { ACTVT: '03', APPKZ: 'F' }),
      )
      .assign('U1', 'R')
      .build();
    expect(keys(referenceAnalyse(x, r, opts()))).toEqual([]);
    expect(keys(referenceAnalyse(x, r, opts({ mode: 'union' })))).toEqual(['ROLE:R:CP', 'USER:U1:CP']);
    expect(keys(referenceAnalyse(x, r, opts({ mode: 'union', level: 'action' })))).toEqual([]);
  });

  it('TSTCA, $VARBL and the first met action', () => {
    const r = ruleset()
      .fn('FN', ['ZT0', 'ZT1', 'ZT2'], [perm('ZT1', 'Z_ORG', 'BUKRS', '1000'), perm('ZT2', 'Z_ORG', 'BUKRS', '2000')])
      .risk('CA', ['FN'])
      .build();
    const x = extract()
      .user('U1')
      .role('R', tcodes(range('ZT0', 'ZT2')), inst('Z_START', { ACTVT: '03' }))
      .row('R', 'Z_ORG', 'O1', 'BUKRS', '$BUKRS')
      .org('R', '$BUKRS', '2000')
      .assign('U1', 'R')
      .tstca('ZT0', 'Z_START', 'ACTVT', '16')
      .tstca('ZT1', 'Z_START', 'ACTVT', "' '")
      .build();
    const found = referenceAnalyse(x, r, opts({ holderLevels: ['USER'] }));
    expect(found.map((f) => f.functions)).toEqual([[{ functionId: 'FN', action: 'ZT2' }]]);
    const atAction = referenceAnalyse(x, r, opts({ holderLevels: ['USER'], level: 'action' }));
    expect(atAction.map((f) => f.functions)).toEqual([[{ functionId: 'FN', action: 'ZT1' }]]);
  });

  it('acceptance through a role that meets the whole risk, not one that meets part', () => {
    const x = extract()
      .users('U1', 'U2')
      .role('R_BOTH', ...VENDOR, ...PAY)
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_BOTH')
      .assign('U2', 'R_VEND')
      .assign('U2', 'R_PAY')
      .build();
    const o = opts({ acceptances: [acceptance('P2P01', 'role', 'R_BOTH'), acceptance('P2P01', 'role', 'R_VEND')] });
    expect(referenceAccepted(x, rules, o, { level: 'USER', holder: 'U1', riskId: 'P2P01' })).toHaveLength(1);
    expect(referenceAccepted(x, rules, o, { level: 'USER', holder: 'U2', riskId: 'P2P01' })).toHaveLength(0);
    expect(referenceAccepted(x, rules, o, { level: 'ROLE', holder: 'R_BOTH', riskId: 'P2P01' })).toHaveLength(1);
    expect(referenceAccepted(x, rules, o, { level: 'ROLE', holder: 'R_PAY', riskId: 'P2P01' })).toHaveLength(0);
  });
});
