import polyglotI18nProvider from 'ra-i18n-polyglot';
import { catalogues, type Locale } from '../i18n/catalogues.ts';

export type { Locale };

/** Turkish is the default language (spec section 1). */
export const i18nProvider = polyglotI18nProvider((locale) => catalogues[locale as Locale] ?? catalogues.tr, 'tr', [
  { locale: 'tr', name: 'Türkçe' },
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
]);
