import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/** Messages of the cross-system screens (DESIGN 5.18, issue 32), under segra.cross_system. */
export const crossSystemMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { cross_system: tr } },
  en: { segra: { cross_system: en } },
  de: { segra: { cross_system: de } },
};
