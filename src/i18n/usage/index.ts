import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/** Messages of the usage screens (issue 17), under segra.usage. */
export const usageMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { usage: tr } },
  en: { segra: { usage: en } },
  de: { segra: { usage: de } },
};
