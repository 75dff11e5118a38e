/**
 * Data-quality warnings (DESIGN 4.1a): one shape for the command line's JSON, its stderr lines
 * and the server's import record. Nothing in an extract is dropped or guessed in silence: a
 * reader that defaults, repairs or guesses says so here.
 */

import type { InputWarning } from '../../engine/model/controls.ts';
import type { WarningCode } from '../../engine/model/data-warnings.ts';

export { WARNING_CODES, type WarningCode } from '../../engine/model/data-warnings.ts';

/** An extract's warning: the shape of every input warning (`{ code, table, count, examples }`), with a fixed code. */
export interface DataWarning extends InputWarning {
  code: WarningCode;
}

export const MAX_EXAMPLES = 10;

/** Collects the examples and the count of one warning while rows stream by. */
export class WarningTally {
  count = 0;
  readonly examples: string[] = [];
  add(example: string): void {
    this.count++;
    if (this.examples.length < MAX_EXAMPLES) this.examples.push(example);
  }
  toWarning(code: WarningCode, table: string): DataWarning | undefined {
    return this.count === 0 ? undefined : { code, table, count: this.count, examples: [...this.examples] };
  }
}

/** One line of text per warning, as the command line prints them on stderr. */
export function warningLine(w: InputWarning): string {
  const examples =
    w.examples.length > 0 ? `: ${w.examples.join(', ')}${w.count > w.examples.length ? ', ...' : ''}` : '';
  return `warning ${w.code} ${w.table} (${w.count})${examples}`;
}

/** Warnings in a stable order: by table, then code. */
export function sortWarnings(warnings: DataWarning[]): DataWarning[] {
  return warnings.sort((a, b) =>
    a.table < b.table ? -1 : a.table > b.table ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
  );
}
