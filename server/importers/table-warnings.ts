/** The warnings a table file itself gives while it is read (before any row is mapped). */
import type { DataWarning } from './data-warnings.ts';
import type { DecodeState } from './text-decoding.ts';

/** ENCODING_GUESSED for a file whose bytes were not UTF-8: count 1 (the file), the file and the encoding as example. */
export function encodingWarning(table: string, fileName: string, state: DecodeState): DataWarning[] {
  if (!state.guessed) return [];
  return [{ code: 'ENCODING_GUESSED', table, count: 1, examples: [`${fileName}: ${state.encoding}`] }];
}
