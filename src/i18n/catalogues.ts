import { analysisMessages } from './analysis/index.ts';
import { appsMessages } from './apps/index.ts';
import { mitigationMessages } from './mitigations/index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { deepMerge } from './merge.ts';
import { tr } from './tr.ts';

/** Each language's full catalogue: react-admin's strings, Segra's, the demo apps' (issue 6) and the analysis screens'. */
export const catalogues = {
  tr: deepMerge(deepMerge(deepMerge(tr, appsMessages.tr), analysisMessages.tr), mitigationMessages.tr),
  en: deepMerge(deepMerge(deepMerge(en, appsMessages.en), analysisMessages.en), mitigationMessages.en),
  de: deepMerge(deepMerge(deepMerge(de, appsMessages.de), analysisMessages.de), mitigationMessages.de),
};

export type Locale = keyof typeof catalogues;
export const LOCALES: Locale[] = ['tr', 'en', 'de'];
