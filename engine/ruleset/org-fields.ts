import type { Ruleset } from '../model/ruleset.ts';

/**
 * RISKS.ORG_FIELDS as written in a ruleset file (DESIGN 4.2, 5.15): field names joined by `+`
 * (`BUKRS`, `BUKRS+WERKS`); empty for a risk without org levels.
 */
export const ORG_FIELDS_SEPARATOR = '+';

/** The fields of an ORG_FIELDS cell, trimmed, in order; a problem (empty or repeated name) as text. */
export function parseOrgFields(text: string): { fields: string[] } | { problem: string } {
  const t = text.trim();
  if (t === '') return { fields: [] };
  const fields = t.split(ORG_FIELDS_SEPARATOR).map((f) => f.trim());
  if (fields.some((f) => f === '')) return { problem: 'an empty field name' };
  const twice = fields.find((f, i) => fields.indexOf(f) !== i);
  if (twice !== undefined) return { problem: `the field ${twice} twice` };
  return { fields };
}

export function formatOrgFields(fields: readonly string[] | undefined): string {
  return (fields ?? []).join(ORG_FIELDS_SEPARATOR);
}

/** Whether any active risk is org-level: only then does the findings CSV carry ORG_VALUES. */
export function hasOrgLevelRisks(ruleset: Pick<Ruleset, 'risks'>): boolean {
  return ruleset.risks.some((r) => r.active && (r.orgFields ?? []).some((f) => f.trim() !== ''));
}
