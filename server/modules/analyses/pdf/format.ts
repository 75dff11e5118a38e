import { WARNING_TEXTS } from '../../../../contracts/warning-texts.ts';
import { reportLocale, reportTranslator, type ReportLanguage, type Translate } from './report-strings.ts';

/** What every section needs: the words, numbers and dates of the report's language. */
export interface ReportFormat {
  t: Translate;
  num: (n: number) => string;
  /** A yyyy-mm-dd date as the language writes it. */
  date: (iso: string) => string;
  /** A moment as the language writes its date, with the time in UTC (`27.11.2026 14:05 UTC`): the server knows no reader's time zone. */
  dateTime: (iso: string) => string;
  /** What an input warning code means (contracts/warning-texts.ts, as the screens word it); `Warning CODE` for a code it does not know. */
  warning: (code: string) => string;
}

export function reportFormat(lang: ReportLanguage): ReportFormat {
  const locale = reportLocale(lang);
  const numbers = new Intl.NumberFormat(locale);
  const dates = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const date = (iso: string) => {
    const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? iso : dates.format(d);
  };
  const t = reportTranslator(lang);
  const texts: Readonly<Record<string, string>> = WARNING_TEXTS[lang];
  return {
    t,
    warning: (code) => (Object.hasOwn(texts, code) ? texts[code] : t('warning_other', { code })),
    num: (n) => numbers.format(n),
    date,
    dateTime: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : `${date(d.toISOString())} ${d.toISOString().slice(11, 16)} UTC`;
    },
  };
}
