import { objectsNeeded as objectsFor } from '../analyses/objects-needed.ts';
import type { AnalysisLevel } from '../../engine/model/analysis.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import type { DataWarning } from '../importers/data-warnings.ts';
import { readSystemExtract } from '../importers/extract-reader.ts';
import { readRulesetAndWarnings } from '../importers/ruleset-reader.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import type { Progress } from './progress.ts';

/**
 * Reads the ruleset, then the extract keeping only the authorisation objects the analysis can
 * look at: the ruleset's objects, S_TCODE and the objects of the transactions' start checks
 * (TSTCA, read first for that reason). A 5-million-row AGR_1251 thus never becomes 5 million
 * objects when the ruleset needs a fraction of it.
 */
export async function readAnalysisInputs(args: {
  system: string;
  rules: string;
  client?: string;
  level: AnalysisLevel;
  progress?: Progress;
  /** Tcodes asked about beyond the ruleset's actions (usage, DESIGN 5.17): their start checks' objects are read too. */
  extraTcodes?: ReadonlySet<string>;
  /** DESIGN 4.1b: without USR02, every assigned user is a valid dialog user (NO_USER_MASTER). */
  assumeUsersValid?: boolean;
}): Promise<{ extract: SystemExtract; ruleset: Ruleset; warnings: InputWarning[] }> {
  const read = await readRulesetAndWarnings(args.rules);
  const ruleset = read.ruleset;
  const objects = await objectsNeeded(args.system, ruleset, args.level, args.client, args.extraTcodes);
  const warnings: DataWarning[] = [];
  const extract = await readSystemExtract(args.system, {
    client: args.client,
    assumeUsersValid: args.assumeUsersValid,
    objects,
    warnings,
    // Only the engine reads these rows here: as columns, no object per row (issue 12).
    roleColumns: true,
    onProgress: (p) => args.progress?.update(`reading ${p.table}`, p.rows),
  });
  args.progress?.done();
  return { extract, ruleset, warnings: [...read.warnings, ...warnings] };
}

/**
 * The objects worth reading for a ruleset: its own, S_TCODE, and those of the transactions'
 * start checks (TSTCA, read first for that reason).
 */
export async function objectsNeeded(
  system: string,
  ruleset: Ruleset,
  level: AnalysisLevel,
  client?: string,
  extraTcodes?: ReadonlySet<string>,
): Promise<Set<string>> {
  const startChecks = await readSystemExtract(system, { client, tables: ['TSTCA'] });
  const objects = objectsFor(ruleset, level, startChecks.tcodeChecks);
  if (extraTcodes) for (const c of startChecks.tcodeChecks) if (extraTcodes.has(c.tcode)) objects.add(c.object);
  return objects;
}
