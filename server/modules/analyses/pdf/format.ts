import { reportLocale, reportTranslator, type ReportLanguage, type Translate } from './report-strings.ts';

/** What every section needs: the words, numbers and dates of the report's language. */
export interface ReportFormat {
  t: Translate;
  num: (n: number) => string;
  /** A yyyy-mm-dd date as the language writes it. */
  date: (iso: string) => string;
}

export function reportFormat(lang: ReportLanguage): ReportFormat {
  const locale = reportLocale(lang);
  const numbers = new Intl.NumberFormat(locale);
  const dates = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  return {
    t: reportTranslator(lang),
    num: (n) => numbers.format(n),
    date: (iso) => {
      const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? iso : dates.format(d);
    },
  };
}
