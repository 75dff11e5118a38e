import type { Ruleset } from '../../engine/model/ruleset.ts';

/**
 * A ruleset as the statements that store it (ruleset-store.ts): each batch is the JSON text of up
 * to ROWS_PER_BATCH rows, read by the database with jsonb_to_recordset. Made where the file is read
 * (a worker thread, ruleset-file-worker.ts), so what crosses to the main thread is a few hundred
 * strings, copied at once, not 100,000 functions' objects rebuilt one by one on the API's loop;
 * and the main thread does no work per row at all.
 */
export interface RulesetBatches {
  functions: string[];
  risks: string[];
}

/**
 * Rows per statement. On the embedded database a statement runs on the API's thread: 250 functions
 * of 5 actions took 18 ms of CPU (median; 150 at most) on a loaded 2-core machine, so a request
 * waits about that long for the import between two of its own statements.
 */
export const ROWS_PER_BATCH = 250;

/** The keys of a function's row (the `AS x(...)` list of ruleset-store.ts reads them). */
interface FunctionRow {
  p: number;
  i: string;
  d: string;
  b: string;
  a: unknown;
  pm: unknown;
}

interface RiskRow {
  p: number;
  i: string;
  d: string;
  t: string;
  l: string;
  b: string;
  ac: boolean;
  fn: string[];
  o: string[];
}

function batches<T, R>(items: readonly T[], row: (item: T, position: number) => R, size: number): string[] {
  const out: string[] = [];
  for (let from = 0; from < items.length; from += size) {
    out.push(JSON.stringify(items.slice(from, from + size).map((item, i) => row(item, from + i))));
  }
  return out;
}

/** The ruleset's functions and risks in file order (`position`), in batches of `size` rows. */
export function rulesetBatches(ruleset: Ruleset, size = ROWS_PER_BATCH): RulesetBatches {
  return {
    functions: batches(
      ruleset.functions,
      (f, p): FunctionRow => ({ p, i: f.id, d: f.description, b: f.businessProcess, a: f.actions, pm: f.permissions }),
      size,
    ),
    risks: batches(
      ruleset.risks,
      (r, p): RiskRow => ({ p, i: r.id, d: r.description, t: r.type, l: r.level, b: r.businessProcess, ac: r.active, fn: r.functionIds, o: r.orgFields ?? [] }),
      size,
    ),
  };
}
