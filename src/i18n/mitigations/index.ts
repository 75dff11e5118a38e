import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/** Messages of mitigating controls (issue 16), merged into each catalogue under segra (screens, errors, mitigations). */
export const mitigationMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: tr },
  en: { segra: en },
  de: { segra: de },
};
