import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/** Messages of licences, the evaluation banner and the licence errors (issue 27), merged into each catalogue under segra. */
export const licenceMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: tr },
  en: { segra: en },
  de: { segra: de },
};
