import { analysisMessages } from './analysis/index.ts';
import { appsMessages } from './apps/index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { deepMerge } from './merge.ts';
import { basisCheckMessages } from './basis-checks.ts';
import { notificationMessages } from './notifications.ts';
import { serverMessages } from './server-messages.ts';
import { tr } from './tr.ts';

/** Each language's full catalogue: react-admin's strings, Segra's, the demo apps' (issue 6), the analysis screens', the bell's and the server's messages (issue 15). */
export const catalogues = {
  tr: [appsMessages, analysisMessages, notificationMessages, serverMessages, basisCheckMessages].reduce((c, m) => deepMerge(c, m.tr), tr),
  en: [appsMessages, analysisMessages, notificationMessages, serverMessages, basisCheckMessages].reduce((c, m) => deepMerge(c, m.en), en),
  de: [appsMessages, analysisMessages, notificationMessages, serverMessages, basisCheckMessages].reduce((c, m) => deepMerge(c, m.de), de),
};

export type Locale = keyof typeof catalogues;
export const LOCALES: Locale[] = ['tr', 'en', 'de'];
