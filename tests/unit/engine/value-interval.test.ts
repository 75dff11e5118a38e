import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../../../engine/authorisation/code-point.ts';
import { parseRuleValue, rowSatisfies } from '../../../engine/authorisation/rule-value.ts';
import { coversValue, intervalsMeet, parseValueRow } from '../../../engine/authorisation/value-interval.ts';

/** Every string of length ≤ 3 over A, B, C: enough witnesses for values of length ≤ 2. */
const UNIVERSE: string[] = [''];
for (let len = 1; len <= 3; len++) {
  const prev = UNIVERSE.filter((s) => s.length === len - 1);
  for (const p of prev) for (const c of 'ABC') UNIVERSE.push(p + c);
}

/** The SAP rule for one row, spelled out naively (reference 2.2), to test the interval form against. */
function naiveCovers(low: string, high: string, v: string): boolean {
  const norm = (x: string): string => (x.trim() === "' '" ? '' : x.trim());
  const l = norm(low);
  const h = norm(high);
  if (l.startsWith('*')) return true;
  if (h === '') return l.includes('*') ? v.startsWith(l.slice(0, l.indexOf('*'))) : v === l;
  const lo = l.includes('*') ? l.slice(0, l.indexOf('*')) : l;
  if (v < lo) return false;
  if (h.includes('*')) {
    const p = h.slice(0, h.indexOf('*'));
    return v.slice(0, p.length) <= p;
  }
  return v <= h;
}

const token = fc.constantFrom('', ' ', "' '", 'A', 'AB', 'B', 'BA', 'C', '*', 'A*', 'B*', 'AB*', 'A*B', ' A ');
const row = fc.tuple(token, fc.constantFrom('', 'A', 'B', 'BC', 'C', 'B*', 'C*', '*', "' '"));

describe('value rows (DESIGN 5.4)', () => {
  it('covers exactly the values the SAP rule describes', () => {
    fc.assert(
      fc.property(row, ([low, high]) => {
        const iv = parseValueRow(low, high);
        for (const v of UNIVERSE) expect(coversValue(iv, v), `${low}..${high} ∋ ${v}`).toBe(naiveCovers(low, high, v));
      }),
      { numRuns: 300 },
    );
  });

  it('meets another row exactly when some value is covered by both', () => {
    fc.assert(
      fc.property(row, row, ([l1, h1], [l2, h2]) => {
        const brute = UNIVERSE.some((v) => naiveCovers(l1, h1, v) && naiveCovers(l2, h2, v));
        expect(intervalsMeet(parseValueRow(l1, h1), parseValueRow(l2, h2))).toBe(brute);
      }),
      { numRuns: 500 },
    );
  });

  it('treats a row with a LOW of * as full even with a HIGH, and ignores what follows a *', () => {
    expect(coversValue(parseValueRow('*', 'B'), 'ZZZ')).toBe(true);
    expect(coversValue(parseValueRow('A*B', ''), 'AZ')).toBe(true);
    expect(coversValue(parseValueRow('A*B', ''), 'B')).toBe(false);
  });

  it('compares by code point, not UTF-16 unit', () => {
    // U+1F600 (a surrogate pair) is above U+FF21 in code-point order, below it in UTF-16 units.
    expect(compareCodePoints('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect(coversValue(parseValueRow('\uFF21', '\u{1F600}'), '\u{1F000}')).toBe(true);
    expect(coversValue(parseValueRow('A', 'B'), 'AZ')).toBe(true);
  });
});

describe('rule values (DESIGN 5.5)', () => {
  it('a plain value must be covered; * alone needs a full row; a pattern needs an overlap', () => {
    const full = parseValueRow('*', '');
    const prefixA = parseValueRow('A*', '');
    expect(rowSatisfies(parseRuleValue('AB', ''), prefixA)).toBe(true);
    expect(rowSatisfies(parseRuleValue('*', ''), prefixA)).toBe(false);
    expect(rowSatisfies(parseRuleValue('*', ''), full)).toBe(true);
    expect(rowSatisfies(parseRuleValue('B*', ''), prefixA)).toBe(false);
    expect(rowSatisfies(parseRuleValue('A*', ''), parseValueRow('AB', ''))).toBe(true);
    expect(rowSatisfies(parseRuleValue('B', 'C'), parseValueRow('A', 'BA'))).toBe(true);
    expect(rowSatisfies(parseRuleValue('C', 'D'), parseValueRow('A', 'BA'))).toBe(false);
    expect(rowSatisfies(parseRuleValue("' '", ''), parseValueRow('', ''))).toBe(true);
    expect(rowSatisfies(parseRuleValue("' '", ''), parseValueRow('A', ''))).toBe(false);
  });
});
