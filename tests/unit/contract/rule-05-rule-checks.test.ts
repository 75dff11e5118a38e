/**
 * DESIGN 5.5 — A rule check on one instance field: a plain value v is satisfied when some row
 * covers v; `*` alone requires a row `*` (full authorisation); a rule pattern `X*` or range
 * L..H is satisfied when the instance covers at least one value of it. OR lines of one field:
 * any one satisfied; AND lines: all satisfied; NOT lines: none satisfied. Fields are ANDed.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { InstanceMode, PermissionLine } from '../../../engine/model/index.ts';
import { extract, inst, opts, perm, range, ruleset, tcodes, type InstSpec, type V } from '../../reference/fixture.ts';

/** Is the permission made of `lines` (action T1, any object) met by a role holding T1 and `insts`? */
function met(
  insts: readonly InstSpec[],
  lines: readonly PermissionLine[],
  mode: InstanceMode = 'same-instance',
): boolean {
  const x = extract()
    .user('U1')
    .role('R', tcodes('T1'), ...insts)
    .assign('U1', 'R')
    .build();
  const r = ruleset().fn('FN', ['T1'], lines).risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' }).build();
  return analyse(x, r, opts({ mode, holderLevels: ['USER'] })).findings.some((f) => f.holder === 'U1');
}

/** One field F of Z_OBJ with `rows` against one OR line `low`..`high`. */
function pattern(rows: readonly V[], low: string, high = ''): boolean {
  return met([inst('Z_OBJ', { F: rows })], [perm('T1', 'Z_OBJ', 'F', low, { high })]);
}

describe('rule 5: rule checks on one field', () => {
  it('a plain value is satisfied when some row covers it', () => {
    expect(pattern(['02'], '02')).toBe(true);
    expect(pattern(['01', '02'], '02')).toBe(true);
    expect(pattern(['0*'], '02')).toBe(true);
    expect(pattern([range('01', '03')], '02')).toBe(true);
    expect(pattern(['03'], '02')).toBe(false);
  });

  describe('`*` alone requires a full authorisation', () => {
    it('is satisfied by a row `*`', () => {
      expect(pattern(['*'], '*')).toBe(true);
    });
    it('is satisfied by a range equal to `*` (decisions)', () => {
      expect(pattern([range('', '*')], '*')).toBe(true);
      expect(pattern([range("' '", '*')], '*')).toBe(true);
      expect(pattern([range('*', 'Z')], '*')).toBe(true);
    });
    it('a rule LOW of exactly `*` with a HIGH is still `*` alone (decisions: that LOW means everything)', () => {
      expect(pattern(['*'], '*', 'B')).toBe(true);
      expect(pattern(['A'], '*', 'B')).toBe(false);
      expect(pattern(['A*'], '*', 'B')).toBe(false);
    });
    it('is not satisfied by a prefix, a range or several rows that do not each cover everything', () => {
      expect(pattern(['A*'], '*')).toBe(false);
      expect(pattern(['02'], '*')).toBe(false);
      expect(pattern([range('A', 'Z*')], '*')).toBe(false);
      expect(pattern([range('0', 'Z*'), range('a', 'z*')], '*')).toBe(false);
      expect(pattern(['A*', 'B*', 'C*', ''], '*')).toBe(false);
    });
  });

  describe('a pattern `X*` needs a row covering at least one value starting with X', () => {
    it('is satisfied by such rows', () => {
      expect(pattern(['AB'], 'A*')).toBe(true);
      expect(pattern(['A'], 'A*')).toBe(true);
      expect(pattern(['*'], 'A*')).toBe(true);
      expect(pattern(['A*'], 'A*')).toBe(true);
      expect(pattern(['AB*'], 'A*')).toBe(true);
      expect(pattern([range('AC', 'AZ')], 'A*')).toBe(true);
      expect(pattern([range('0', 'A')], 'A*')).toBe(true); // covers A itself
      expect(pattern([range('0', 'B')], 'A*')).toBe(true);
      expect(pattern([range('AZ', 'C')], 'A*')).toBe(true);
    });
    it('is not satisfied otherwise', () => {
      expect(pattern(['B'], 'A*')).toBe(false);
      expect(pattern(['B*'], 'A*')).toBe(false);
      expect(pattern([''], 'A*')).toBe(false);
      expect(pattern([range('0', '9*')], 'A*')).toBe(false);
      expect(pattern([range('B', 'C')], 'A*')).toBe(false);
      expect(pattern(['a'], 'A*')).toBe(false);
    });
  });

  describe('a range L..H needs a row covering at least one value of it', () => {
    it('is satisfied by overlapping rows', () => {
      expect(pattern(['BX'], 'B', 'C')).toBe(true);
      expect(pattern([range('A', 'B')], 'B', 'C')).toBe(true);
      expect(pattern(['C*'], 'B', 'C')).toBe(true); // C itself
      expect(pattern(['*'], 'B', 'C')).toBe(true);
      expect(pattern(['A*'], 'AB', 'C*')).toBe(true);
      expect(pattern(['CZ'], 'AB', 'C*')).toBe(true);
      expect(pattern([range('0', 'AC')], 'AB', 'C*')).toBe(true);
    });
    it('READING: a rule range that spans everything (""..`*`) is a range, met by any row it overlaps, not `*` alone', () => {
      expect(pattern(['A'], '', '*')).toBe(true);
      expect(pattern(['A'], "' '", '*')).toBe(true);
    });
    it('READING: a rule whose LOW starts with `*` is `*` alone, HIGH or not: `*A`..B needs full authorisation', () => {
      expect(pattern(['A'], '*A', 'B')).toBe(false);
      expect(pattern([range('A', 'Z')], '*A', 'B')).toBe(false);
      expect(pattern(['*'], '*A', 'B')).toBe(true);
    });
    it('is not satisfied by disjoint rows', () => {
      expect(pattern(['A*'], 'B', 'C')).toBe(false);
      expect(pattern(['CA'], 'B', 'C')).toBe(false);
      expect(pattern(['D'], 'B', 'C')).toBe(false);
      expect(pattern([range('C0', 'D')], 'B', 'C')).toBe(false);
      expect(pattern(['AA'], 'AB', 'C*')).toBe(false);
      expect(pattern(['D*'], 'AB', 'C*')).toBe(false);
      expect(pattern([''], 'B', 'C')).toBe(false);
    });
  });

  describe('OR lines of one field: any one satisfied', () => {
    const lines = [perm('T1', 'Z_OBJ', 'ACTVT', '01'), perm('T1', 'Z_OBJ', 'ACTVT', '02')];
    it('met by one of them', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '02' })], lines)).toBe(true);
      expect(met([inst('Z_OBJ', { ACTVT: '01' })], lines)).toBe(true);
    });
    it('not met by none of them', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '03' })], lines)).toBe(false);
    });
  });

  describe('AND lines of one field: all satisfied', () => {
    const lines = [
      perm('T1', 'S_USER_GRP', 'ACTVT', '02', { op: 'AND' }),
      perm('T1', 'S_USER_GRP', 'ACTVT', '22', { op: 'AND' }),
    ];
    it('met when the instance has all of them', () => {
      expect(met([inst('S_USER_GRP', { ACTVT: ['02', '22'] })], lines)).toBe(true);
      expect(met([inst('S_USER_GRP', { ACTVT: '*' })], lines)).toBe(true);
    });
    it('not met when one is missing', () => {
      expect(met([inst('S_USER_GRP', { ACTVT: '02' })], lines)).toBe(false);
      expect(met([inst('S_USER_GRP', { ACTVT: ['22', '03'] })], lines)).toBe(false);
    });
    it('not met in same-instance mode when they sit in different instances; met in union', () => {
      const split = [inst('S_USER_GRP', { ACTVT: '02' }), inst('S_USER_GRP', { ACTVT: '22' })];
      expect(met(split, lines)).toBe(false);
      expect(met(split, lines, 'union')).toBe(true);
    });
  });

  describe('NOT lines of one field: none satisfied', () => {
    const lines = [perm('T1', 'Z_OBJ', 'ACTVT', '03', { op: 'NOT' })];
    it('met when the instance has none of the values', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '02' })], lines)).toBe(true);
      expect(met([inst('Z_OBJ', { ACTVT: ['01', '02'] })], lines)).toBe(true);
    });
    it('not met when the instance has one of them (a wildcard or range covering it too)', () => {
      expect(met([inst('Z_OBJ', { ACTVT: ['02', '03'] })], lines)).toBe(false);
      expect(met([inst('Z_OBJ', { ACTVT: '*' })], lines)).toBe(false);
      expect(met([inst('Z_OBJ', { ACTVT: '0*' })], lines)).toBe(false);
      expect(met([inst('Z_OBJ', { ACTVT: range('01', '06') })], lines)).toBe(false);
    });
    it('met by an instance without the field (decisions); the instance itself is required', () => {
      expect(met([inst('Z_OBJ', { OTHER: 'X' })], lines)).toBe(true);
      expect(met([inst('Z_OTHER', { ACTVT: '02' })], lines)).toBe(false);
    });
    it('in same-instance mode, one instance without the value is enough', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '03' }), inst('Z_OBJ', { ACTVT: '02' })], lines)).toBe(true);
    });
    it('in union mode, the merged values must have none of them', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '03' }), inst('Z_OBJ', { ACTVT: '02' })], lines, 'union')).toBe(false);
    });
  });

  describe('OR and NOT lines on one field', () => {
    const lines = [perm('T1', 'Z_OBJ', 'ACTVT', '0*'), perm('T1', 'Z_OBJ', 'ACTVT', '03', { op: 'NOT' })];
    it('met when an OR line is satisfied and no NOT line', () => {
      expect(met([inst('Z_OBJ', { ACTVT: '02' })], lines)).toBe(true);
    });
    it('not met when a NOT line is satisfied or no OR line is', () => {
      expect(met([inst('Z_OBJ', { ACTVT: ['02', '03'] })], lines)).toBe(false);
      expect(met([inst('Z_OBJ', { ACTVT: '16' })], lines)).toBe(false);
    });
  });

  describe('fields are ANDed', () => {
    const lines = [perm('T1', 'F_LFA1_APP', 'ACTVT', '02'), perm('T1', 'F_LFA1_APP', 'APPKZ', 'F')];
    it('met when one instance satisfies every field', () => {
      expect(met([inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'F' })], lines)).toBe(true);
    });
    it('not met when a field is missing or unsatisfied', () => {
      expect(met([inst('F_LFA1_APP', { ACTVT: '02' })], lines)).toBe(false);
      expect(met([inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'M' })], lines)).toBe(false);
    });
  });

  describe('a line with an empty FIELD only demands an instance of the object (decisions)', () => {
    const lines = [perm('T1', 'Z_OBJ', '', '')];
    it('met by any instance of the object', () => {
      expect(met([inst('Z_OBJ', { ANY: 'X' })], lines)).toBe(true);
    });
    it('not met without one', () => {
      expect(met([inst('Z_OTHER', { ANY: 'X' })], lines)).toBe(false);
    });
    it('does not weaken the other fields of the permission', () => {
      const both = [...lines, perm('T1', 'Z_OBJ', 'ACTVT', '02')];
      expect(met([inst('Z_OBJ', { ACTVT: '03' })], both)).toBe(false);
      expect(met([inst('Z_OBJ', { ACTVT: '02' })], both)).toBe(true);
    });
  });

  it("a rule value is trimmed and `' '` in a rule is the blank value", () => {
    expect(pattern(['02'], ' 02 ')).toBe(true);
    expect(pattern([''], "' '")).toBe(true);
    expect(pattern(["' '"], "' '")).toBe(true);
    expect(pattern(['A'], "' '")).toBe(false);
  });
});
