import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankEnds, csvField, formatSourcePath, formatSources } from '../../../engine/output/findings-csv.ts';

/** csvField's blank test is written by code point for speed; it must say what `\s` says. */
describe('csvField', () => {
  const blanks = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u200b', '\u180e'];
  const text = fc.string({ unit: fc.oneof(fc.constantFrom(...blanks, ',', '"', 'a', 'Ü'), fc.string({ unit: 'grapheme', maxLength: 1 })) });

  it('quotes exactly when the value has a comma, quote or line break, or a blank (\\s) at either end', () => {
    fc.assert(
      fc.property(text, (v) => {
        const needs = /[",\r\n]/.test(v) || /^\s|\s$/.test(v);
        expect(blankEnds(v)).toBe(/^\s|\s$/.test(v));
        expect(csvField(v)).toBe(needs ? `"${v.replace(/"/g, '""')}"` : v);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells every blank apart from the characters around it', () => {
    for (const b of blanks) expect(blankEnds(`x${b}`)).toBe(/\s$/.test(b));
    expect(blankEnds('')).toBe(false);
  });
});

describe('formatSources', () => {
  it('lists each path once, in first-seen order, with few paths or many', () => {
    const path = fc.constantFrom(...Array.from({ length: 60 }, (_, i) => [{ kind: 'role' as const, name: `Z_${i}` }]));
    fc.assert(
      fc.property(fc.array(fc.array(path, { maxLength: 50 }), { minLength: 1, maxLength: 3 }), (lists) => {
        const functions = lists.map((sources, i) => ({ functionId: `F${i}`, action: 'A', sources, permissions: [] }));
        const texts = lists.flat().map((p) => formatSourcePath(p));
        expect(formatSources({ functions })).toBe([...new Set(texts)].join(';'));
      }),
      { numRuns: 300 },
    );
  });
});
