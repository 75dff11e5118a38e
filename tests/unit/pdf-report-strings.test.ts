import { describe, expect, it } from 'vitest';
import { REPORT_LANGUAGES, REPORT_STRINGS, reportTranslator } from '../../server/modules/analyses/pdf/report-strings.ts';

describe('PDF report catalogue', () => {
  it('has every word in tr, en and de, none empty, and translated', () => {
    const keys = Object.keys(REPORT_STRINGS.en).sort();
    for (const lang of REPORT_LANGUAGES) {
      expect(Object.keys(REPORT_STRINGS[lang]).sort(), lang).toEqual(keys);
      for (const k of keys) expect(REPORT_STRINGS[lang][k as keyof typeof REPORT_STRINGS.en].trim(), `${lang}.${k}`).not.toBe('');
    }
    // Titles differ from English in both other languages (no copied placeholders).
    for (const k of ['title', 'summary', 'by_process', 'accepted_title', 'excluded_title'] as const) {
      expect(REPORT_STRINGS.tr[k]).not.toBe(REPORT_STRINGS.en[k]);
      expect(REPORT_STRINGS.de[k]).not.toBe(REPORT_STRINGS.en[k]);
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(reportTranslator('de')('page', { n: 2, m: 7 })).toBe('Seite 2 von 7');
    expect(reportTranslator('tr')('page', { n: 1 })).toBe('Sayfa 1 / {m}');
  });
});
