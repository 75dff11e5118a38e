import type { AnalysisLevel } from '../../engine/model/analysis.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { compileRuleset } from '../../engine/ruleset/compile.ts';

/**
 * The authorisation objects an analysis can look at: the ruleset's own, S_TCODE and those of
 * the transactions' start checks. Reading only these keeps a 5-million-row AGR_1251 from
 * becoming 5 million objects when the ruleset needs a fraction of it; the findings are the
 * same as with every row (tests/cli pins that).
 */
export function objectsNeeded(ruleset: Ruleset, level: AnalysisLevel, tcodeChecks: readonly TcodeCheckRow[], deactivatedRiskIds?: readonly string[]): Set<string> {
  const compiled = compileRuleset(ruleset, { level, tcodeChecks, deactivatedRiskIds });
  const objects = new Set(compiled.objects.keys());
  objects.add('S_TCODE');
  return objects;
}
