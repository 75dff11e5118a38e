import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { deepMerge } from '../../src/i18n/merge.ts';

type Tree = Record<string, unknown>;

function flatten(o: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof o !== 'object' || o === null) {
    out.set(prefix, o);
    return out;
  }
  for (const [k, v] of Object.entries(o)) for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
}

/**
 * Values that are genuinely the same word in the other language (names, codes, loanwords).
 * Keep it short: anything else equal to English is an untranslated string.
 */
// Basis finding details made of source paths, codes and values only (src/i18n/basis-details.ts).
const BASIS_DETAIL_CODES = ['%{paths}', '%{sources}', '%{label}: %{sources}', 'UFLAG %{uflag}', 'CODVN %{codvn}: %{meaning}'];
const SAME_AS_ENGLISH: Record<'tr' | 'de', string[]> = {
  tr: ['IP', 'SID', 'Risk', 'Form', '%{name}', '%{name} %{recordRepresentation}', ' ', '%{file}: %{problem}', ...BASIS_DETAIL_CODES],
  de: ['Name', 'System', 'Status', 'Simulation', 'Dialog', 'Service', 'Administrator', 'Profil', 'Person', 'Inspektor', 'SID', 'E-Mail', '%{name}', '%{name} %{recordRepresentation}', ' ', '%{file}: %{problem}', 'global', ...BASIS_DETAIL_CODES],
};

const en = flatten(catalogues.en);

describe('i18n catalogues (Turkish default, English and German complete)', () => {
  it("English carries every react-admin key of ra-language-english", () => {
    for (const key of flatten(englishMessages).keys()) expect(en.has(key), key).toBe(true);
  });

  for (const lang of ['tr', 'de'] as const) {
    const cat = flatten(catalogues[lang]);

    it(`${lang} has exactly the keys English has (react-admin, Segra and demo apps)`, () => {
      const missing = [...en.keys()].filter((k) => !cat.has(k));
      const extra = [...cat.keys()].filter((k) => !en.has(k));
      expect(missing, `${lang} is missing`).toEqual([]);
      expect(extra, `${lang} has keys English lacks`).toEqual([]);
    });

    it(`${lang} has no empty or untranslated message`, () => {
      const untranslated: string[] = [];
      for (const [k, v] of cat) {
        expect(typeof v, `${lang}.${k}`).toBe('string');
        if (String(v).trim() === '' && String(en.get(k)).trim() !== '') untranslated.push(`${k} (empty)`);
        else if (v === en.get(k) && !SAME_AS_ENGLISH[lang].includes(String(v))) untranslated.push(`${k}: ${String(v)}`);
      }
      expect(untranslated).toEqual([]);
    });

    it(`${lang} keeps every %{placeholder} of the English message`, () => {
      const holes = (s: unknown) => (String(s).match(/%\{\w+\}/g) ?? []).sort();
      for (const [k, v] of cat) expect(holes(v), `${lang}.${k}`).toEqual(holes(en.get(k)));
    });
  }

  it('the deep merge adds the demo apps’ messages without dropping existing ones', () => {
    const base: Tree = { segra: { a: 'x', apps: { b: 'y' } } };
    expect(deepMerge(base, { segra: { apps: { c: 'z' } } })).toEqual({ segra: { a: 'x', apps: { b: 'y', c: 'z' } } });
    expect(base).toEqual({ segra: { a: 'x', apps: { b: 'y' } } });
  });
});
