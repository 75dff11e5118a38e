import type { InputWarning } from '../../engine/model/controls.ts';
import { readRulesetAndWarnings } from '../importers/ruleset-reader.ts';
import { rulesetBatches, type RulesetBatches } from '../periods/ruleset-batches.ts';

/**
 * An uploaded ruleset read (its bounds checked as it is read) and turned into the batches that
 * store it. Runs in a worker thread (ruleset-file-worker.ts): on the embedded database the job
 * runs in `segra serve`, whose event loop the parse held for about 2 s on a ruleset at the bound
 * (DESIGN 7b). What comes back is a few hundred strings, not the ruleset's objects, so the main
 * thread does not spend the time rebuilding them (which took as long as the parse).
 */
async function readBatches(input: string): Promise<{ batches: RulesetBatches; warnings: InputWarning[]; functions: number; risks: number }> {
  const { ruleset, warnings } = await readRulesetAndWarnings(input);
  return { batches: rulesetBatches(ruleset), warnings, functions: ruleset.functions.length, risks: ruleset.risks.length };
}

/** The readers the thread answers with, by name. */
export const rulesetReaders = { batches: readBatches };
