import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Locale } from '../i18n/catalogues.ts';
import { tr } from '../i18n/tr.ts';

export type { Locale };

type Catalogues = Record<Locale, TranslationMessages>;

// The login page carries only the Turkish core (issue 14: its JavaScript does not grow); every
// language's full catalogue (features, server messages, basis checks) is one lazy chunk.
let full: Catalogues | undefined;
let loading: Promise<Catalogues> | undefined;
const loadFull = (): Promise<Catalogues> =>
  (loading ??= import('../i18n/catalogues.ts').then(
    (m) => (full = m.catalogues as unknown as Catalogues),
    (error: unknown) => {
      loading = undefined; // a failed chunk may be fetched again (the error page offers a reload)
      throw error;
    },
  ));

const messagesOf = (locale: string): TranslationMessages | Promise<TranslationMessages> => {
  const pick = (c: Catalogues) => c[locale as Locale] ?? c.tr;
  if (full) return pick(full);
  // Only the start needs an answer at once: Turkish, the default (spec section 1).
  return locale === 'tr' && !loading ? (tr as unknown as TranslationMessages) : loadFull().then(pick);
};

const polyglot = polyglotI18nProvider(messagesOf, 'tr', [
  { locale: 'tr', name: 'Türkçe' },
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
]);

/**
 * The page's language follows the chosen one on every page, the public ones too (issue 27):
 * screen readers and hyphenation read it, and CSS upper-casing is language-aware (a German page
 * marked "tr" shows "STARTSEİTE"). Set where the language changes, not in the language switcher,
 * which not every page shows.
 */
function showLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

// One change at a time: the full catalogue's arrival re-applies the language then current, so it
// must not overtake (and undo) a language chosen meanwhile.
let changes: Promise<void> = Promise.resolve();
const change = (locale: () => string): Promise<void> => {
  const next = changes.then(async () => {
    const chosen = locale();
    await polyglot.changeLocale(chosen);
    showLanguage(chosen);
  });
  changes = next.catch(() => undefined);
  return next;
};

/** Turkish is the default language (spec section 1). */
export const i18nProvider: I18nProvider = { ...polyglot, changeLocale: (locale) => change(() => locale) };

let allLoaded: Promise<void> | undefined;
/**
 * Every catalogue of the active language; the pages behind the login page wait for it, so no
 * screen shows a key of a feature catalogue.
 */
export function loadAllMessages(): Promise<void> {
  return (allLoaded ??= loadFull().then(
    () => change(() => polyglot.getLocale()),
    (error: unknown) => {
      allLoaded = undefined;
      throw error;
    },
  ));
}
