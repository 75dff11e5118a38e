import * as z from 'zod/mini';

/**
 * Which analysis a user's report screens show, and why (issue 27; docs/decisions/
 * 2026-11-27-analysis-shown.md): the user's own choice while it is a completed analysis of the
 * customer, else the customer's default analysis, else none. One answer of the server
 * (`GET /api/shown-analysis`), read alike by the home page, the risk analysis list and the
 * dashboard, so they cannot disagree; the demo answers the same shape. zod/mini: the front end
 * parses the answer with it and stays light.
 */

/** Why the analysis is shown: the user chose it, or it is the customer's default. */
export const SHOWN_SOURCES = ['own', 'customer-default'] as const;
export type ShownSource = (typeof SHOWN_SOURCES)[number];

/** A chosen analysis: the user's own choice or the customer's default; `setBy` is who set it. */
export const chosenAnalysisSchema = z.object({
  analysisId: z.string(),
  name: z.string(),
  setBy: z.nullable(z.string()),
  setAt: z.string(),
});
export type ChosenAnalysis = z.infer<typeof chosenAnalysisSchema>;

export const shownAnalysisSchema = z.object({
  /** What the screens show; null when neither choice stands (the screens say how to choose). */
  shown: z.nullable(z.object({ analysisId: z.string(), name: z.string(), source: z.enum(SHOWN_SOURCES) })),
  /** The user's own choice for the active customer, while it is a completed analysis of it. */
  own: z.nullable(chosenAnalysisSchema),
  /** The customer's default analysis, the same for all its users (set on the analysis requests page). */
  customerDefault: z.nullable(chosenAnalysisSchema),
});
export type ShownAnalysis = z.infer<typeof shownAnalysisSchema>;

/** The body of `PUT /api/shown-analysis`: the user's own choice; null returns to the customer's default. */
export const chooseAnalysisSchema = z.object({
  analysisId: z.nullable(z.uuid({ error: 'Analysis must be an analysis id' })),
});

/** The answer from its two choices: the own one first, then the customer's default. */
export function shownOf(own: ChosenAnalysis | null, customerDefault: ChosenAnalysis | null): ShownAnalysis {
  const pick = own ? { ...own, source: 'own' as const } : customerDefault ? { ...customerDefault, source: 'customer-default' as const } : null;
  return { shown: pick && { analysisId: pick.analysisId, name: pick.name, source: pick.source }, own, customerDefault };
}
