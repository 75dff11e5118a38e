import { analysisMessages } from './analysis/index.ts';
import { appsMessages } from './apps/index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { deepMerge } from './merge.ts';
import { notificationMessages } from './notifications.ts';
import { tr } from './tr.ts';

/** Each language's full catalogue: react-admin's strings, Segra's, the demo apps' (issue 6) and the analysis screens'. */
export const catalogues = {
  tr: deepMerge(deepMerge(deepMerge(tr, appsMessages.tr), analysisMessages.tr), notificationMessages.tr),
  en: deepMerge(deepMerge(deepMerge(en, appsMessages.en), analysisMessages.en), notificationMessages.en),
  de: deepMerge(deepMerge(deepMerge(de, appsMessages.de), analysisMessages.de), notificationMessages.de),
};

export type Locale = keyof typeof catalogues;
export const LOCALES: Locale[] = ['tr', 'en', 'de'];
