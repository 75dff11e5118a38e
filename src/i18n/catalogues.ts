import { analysisMessages } from './analysis/index.ts';
import { appsMessages } from './apps/index.ts';
import { dataQualityMessages } from './data-quality/index.ts';
import { licenceMessages } from './licences/index.ts';
import { mitigationMessages } from './mitigations/index.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { deepMerge } from './merge.ts';
import { basisCheckMessages } from './basis-checks.ts';
import { crossSystemMessages } from './cross-system/index.ts';
import { basisDetailMessages } from './basis-details.ts';
import { notificationMessages } from './notifications.ts';
import { orgStatusMessages } from './org-status/index.ts';
import { serverMessages } from './server-messages.ts';
import { tr } from './tr.ts';
import { usageMessages } from './usage/index.ts';
import { userTypeMessages } from './user-types/index.ts';

// The feature catalogues merged over the base ones, one line per feature.
const PARTS = [appsMessages, analysisMessages, notificationMessages, serverMessages, basisCheckMessages, basisDetailMessages, dataQualityMessages, usageMessages, mitigationMessages, orgStatusMessages, licenceMessages, userTypeMessages, crossSystemMessages];
const BASE = { tr, en, de };
const withParts = (lang: 'tr' | 'en' | 'de') => PARTS.reduce((all, part) => deepMerge(all, part[lang]), BASE[lang]);

/** Each language's full catalogue: react-admin's strings, Segra's, the demo apps' (issue 6), the analysis screens', the bell's and the server's messages (issue 15). */
export const catalogues = {
  tr: withParts('tr'),
  en: withParts('en'),
  de: withParts('de'),
};

export type Locale = keyof typeof catalogues;
export const LOCALES: Locale[] = ['tr', 'en', 'de'];
