import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/**
 * Messages of the analysis screens, merged into each catalogue by the shell. Every key sits
 * under segra.analysis, so a deep merge cannot clash with the shell's own messages.
 */
export const analysisMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { analysis: tr } },
  en: { segra: { analysis: en } },
  de: { segra: { analysis: de } },
};
