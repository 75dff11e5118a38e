import { de } from './de.ts';
import { en } from './en.ts';
import { tr } from './tr.ts';

/**
 * Messages of the demo apps, merged into each catalogue by the shell. Every key sits under
 * segra.apps, so a deep merge cannot clash with the shell's own messages.
 */
export const appsMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { apps: tr } },
  en: { segra: { apps: en } },
  de: { segra: { apps: de } },
};
