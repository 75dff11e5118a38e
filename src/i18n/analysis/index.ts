/** Messages of the analysis screens, merged into each catalogue by the shell. */
export const analysisMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = { tr: {}, en: {}, de: {} };
