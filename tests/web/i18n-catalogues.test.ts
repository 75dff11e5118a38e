import { describe, expect, it } from 'vitest';
import { de } from '../../src/i18n/de.ts';
import { en } from '../../src/i18n/en.ts';
import { tr } from '../../src/i18n/tr.ts';

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n catalogues', () => {
  it('Turkish and German have every key English has, and nothing else', () => {
    const segra = keys(en.segra).sort();
    expect(keys(tr.segra).sort()).toEqual(segra);
    expect(keys(de.segra).sort()).toEqual(segra);
  });
  it('no Segra message is empty or left in English in Turkish and German', () => {
    const at = (o: unknown, path: string): unknown =>
      path.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], o);
    const flat = (o: unknown) => new Map(keys(o).map((k) => [k, at(o, k)]));
    const e = flat(en.segra);
    for (const [lang, cat] of [['tr', tr.segra], ['de', de.segra]] as const) {
      for (const [k, v] of flat(cat)) {
        expect(String(v).trim(), `${lang}.${k}`).not.toBe('');
        expect(v, `${lang}.${k} is untranslated`).not.toBe(e.get(k));
      }
    }
  });
});
