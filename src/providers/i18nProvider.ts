import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../i18n/de.ts';
import { en } from '../i18n/en.ts';
import { tr } from '../i18n/tr.ts';

const catalogues = { tr, en, de } as const;
export type Locale = keyof typeof catalogues;

/** Turkish is the default language (spec section 1). */
export const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as Locale] ?? tr, 'tr', [
  { locale: 'tr', name: 'Türkçe' },
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
]);
