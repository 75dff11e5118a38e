/** BCP 47 locales for dates and numbers in the active language (spec 2: the interface follows the language). */
export const INTL_LOCALES: Record<string, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE' };
export const intlLocale = (locale: string): string => INTL_LOCALES[locale] ?? 'tr-TR';
