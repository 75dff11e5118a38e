/**
 * DESIGN 5.4 — Value rows of an instance field: `*` covers everything; `X*` covers values
 * starting with X (characters after the first `*` are ignored); LOW..HIGH covers the inclusive
 * range in code-point order, HIGH may end in `*`; `' '` or a present-but-empty LOW covers the
 * blank value; a field with no rows covers nothing. Values are compared exactly
 * (case-sensitive) after trimming surrounding spaces; `' '` always means the blank value.
 *
 * Each case asks whether an instance field with the given rows covers one plain rule value
 * (rule 5: a plain value is satisfied when some row covers it).
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import { extract, inst, opts, perm, range, ruleset, tcodes, type V } from '../../reference/fixture.ts';

/** Does a role whose Z_OBJ field F has `rows` cover the rule value `value`? */
function covers(rows: readonly V[], value: string): boolean {
  const x = extract()
    .user('U1')
    .role('R', tcodes('T1'), inst('Z_OBJ', rows.length > 0 ? { F: rows, G: 'X' } : { G: 'X' }))
    .assign('U1', 'R')
    .build();
  const r = ruleset()
    .fn('FN', ['T1'], [perm('T1', 'Z_OBJ', 'F', value)])
    .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
    .build();
  const findings = analyse(x, r, opts({ holderLevels: ['USER'] })).findings;
  return findings.some((f) => f.holder === 'U1' && f.riskId === 'CP');
}

const BLANK = "' '";

describe('rule 4: value rows', () => {
  it('`*` covers every value, the blank value included', () => {
    expect(covers(['*'], 'ANYTHING')).toBe(true);
    expect(covers(['*'], 'a')).toBe(true);
    expect(covers(['*'], BLANK)).toBe(true);
  });

  it('`X*` covers the values starting with X, and only those', () => {
    expect(covers(['A*'], 'A')).toBe(true);
    expect(covers(['A*'], 'AB')).toBe(true);
    expect(covers(['A*'], 'AXYZ')).toBe(true);
    expect(covers(['A*'], 'B')).toBe(false);
    expect(covers(['A*'], 'BA')).toBe(false);
    expect(covers(['A*'], 'a')).toBe(false);
    expect(covers(['A*'], BLANK)).toBe(false);
    expect(covers(['AB*'], 'A')).toBe(false);
  });

  it('characters after the first `*` are ignored (`A*B` is `A*`)', () => {
    expect(covers(['A*B'], 'AC')).toBe(true);
    expect(covers(['A*B'], 'A')).toBe(true);
    expect(covers(['A*B'], 'B')).toBe(false);
  });

  it('`*` is the only placeholder: `+` and `?` are literal', () => {
    expect(covers(['A+'], 'AB')).toBe(false);
    expect(covers(['A+'], 'A+')).toBe(true);
    expect(covers(['A?'], 'AB')).toBe(false);
  });

  it('LOW..HIGH covers the inclusive range', () => {
    const r = [range('A', 'C')];
    expect(covers(r, 'A')).toBe(true);
    expect(covers(r, 'B')).toBe(true);
    expect(covers(r, 'BZZZ')).toBe(true);
    expect(covers(r, 'C')).toBe(true);
    expect(covers(r, 'CA')).toBe(false);
    expect(covers(r, 'D')).toBe(false);
    expect(covers(r, '0')).toBe(false);
    expect(covers(r, BLANK)).toBe(false);
    expect(covers([range('1', '3')], '2')).toBe(true);
    expect(covers([range('B', 'B')], 'B')).toBe(true);
  });

  it('an inverted range covers nothing', () => {
    expect(covers([range('C', 'A')], 'B')).toBe(false);
    expect(covers([range('C', 'A')], 'A')).toBe(false);
    expect(covers([range('C', 'A')], 'C')).toBe(false);
  });

  it('HIGH may end in `*`: AB..C* covers everything from AB to the values starting with C', () => {
    const r = [range('AB', 'C*')];
    expect(covers(r, 'AB')).toBe(true);
    expect(covers(r, 'ABC')).toBe(true);
    expect(covers(r, 'B')).toBe(true);
    expect(covers(r, 'C')).toBe(true);
    expect(covers(r, 'CZZZ')).toBe(true);
    expect(covers(r, 'AA')).toBe(false);
    expect(covers(r, 'A')).toBe(false);
    expect(covers(r, 'D')).toBe(false);
    expect(covers([range('0', '9*')], '12345')).toBe(true);
    expect(covers([range('0', '9*')], 'A1')).toBe(false);
  });

  it('a HIGH with a `*` inside is cut after the first `*` (decisions)', () => {
    const r = [range('A', 'B*Z')];
    expect(covers(r, 'BA')).toBe(true);
    expect(covers(r, 'BZZ')).toBe(true);
    expect(covers(r, 'C')).toBe(false);
  });

  it('a LOW of exactly `*` means everything even when HIGH is filled (decisions)', () => {
    expect(covers([range('*', 'B')], 'Z')).toBe(true);
    expect(covers([range('*', 'B')], BLANK)).toBe(true);
  });

  it('a `*` in the LOW of a range cuts LOW there (decisions)', () => {
    // B*..C is B..C: it covers B itself (B sorts before `B*`).
    expect(covers([range('B*', 'C')], 'B')).toBe(true);
    expect(covers([range('B*', 'C')], 'BA')).toBe(true);
    expect(covers([range('B*', 'C')], 'A')).toBe(false);
  });

  it('a LOW starting with `*` is `*` (what follows the first `*` is ignored), everything even in a range (decisions)', () => {
    expect(covers([range('*A', 'B')], 'A')).toBe(true);
    expect(covers([range('*A', 'B')], BLANK)).toBe(true);
    expect(covers([range('*A', 'B')], 'C')).toBe(true);
    expect(covers([range('*A', 'B')], 'ZZZ')).toBe(true);
  });

  describe('the blank value', () => {
    it("`' '` covers the blank value and nothing else", () => {
      expect(covers([BLANK], BLANK)).toBe(true);
      expect(covers([BLANK], 'A')).toBe(false);
      expect(covers([BLANK], "'")).toBe(false);
    });

    it('a present-but-empty LOW (or only spaces) covers the blank value', () => {
      expect(covers([''], BLANK)).toBe(true);
      expect(covers([' '], BLANK)).toBe(true);
      expect(covers([''], 'A')).toBe(false);
    });

    it('a non-blank value does not cover the blank value', () => {
      expect(covers(['A'], BLANK)).toBe(false);
    });

    it('a range whose LOW is blank starts at the blank value (decisions)', () => {
      expect(covers([range('', 'B')], BLANK)).toBe(true);
      expect(covers([range('', 'B')], 'A')).toBe(true);
      expect(covers([range(BLANK, 'A')], BLANK)).toBe(true);
      expect(covers([range(BLANK, 'A')], 'B')).toBe(false);
    });
  });

  it('a field with no rows covers nothing, not even the blank value', () => {
    expect(covers([], 'A')).toBe(false);
    expect(covers([], BLANK)).toBe(false);
  });

  it('compares exactly and case-sensitively', () => {
    expect(covers(['A'], 'a')).toBe(false);
    expect(covers(['a'], 'A')).toBe(false);
    expect(covers(['AB'], 'A')).toBe(false);
    expect(covers(['A'], 'AB')).toBe(false);
    expect(covers(['A'], 'A')).toBe(true);
  });

  it('trims surrounding spaces of row values and rule values', () => {
    expect(covers([' A '], 'A')).toBe(true);
    expect(covers(['A'], ' A ')).toBe(true);
    expect(covers([range(' A ', ' C ')], 'C')).toBe(true);
    expect(covers(['A B'], 'A B')).toBe(true);
    expect(covers(['A B'], 'AB')).toBe(false);
  });

  it('orders by code point: upper case before lower case, digits before letters', () => {
    expect(covers([range('A', 'Z')], 'a')).toBe(false);
    expect(covers([range('A', 'z')], 'a')).toBe(true);
    expect(covers([range('0', 'Z')], 'A')).toBe(true);
    expect(covers([range('A', 'Z*')], '9')).toBe(false);
  });

  it('orders by code point, not UTF-16 unit, above U+FFFF (decisions)', () => {
    // U+1F600 sorts after U+FF5E by code point, but its UTF-16 lead unit 0xD83D sorts before 0xFF5E.
    expect(covers([range('A', '\uFF5E')], '\u{1F600}')).toBe(false);
    expect(covers([range('\uFF5E', '\u{1F64F}')], '\u{1F600}')).toBe(true);
    expect(covers([range('\uFF00', '\uFFFF')], '\u{1F600}')).toBe(false);
  });
});
