/** The warnings a table file itself gives while it is read (before any row is mapped). */
import type { DataWarning } from './data-warnings.ts';
import type { DecodeState } from './text-decoding.ts';

/** ENCODING_GUESSED for a file whose bytes were not UTF-8: count 1 (the file), the file and the encoding as example. */
export function encodingWarning(table: string, fileName: string, state: DecodeState): DataWarning[] {
  if (!state.guessed) return [];
  return [{ code: 'ENCODING_GUESSED', table, count: 1, examples: [`${fileName}: ${state.encoding}`] }];
}

/**
 * DESIGN 4.1b: every column of an input file is either read or named. Every reader (extract
 * tables, ruleset files, mitigation and usage files) hands the positions it reads to this one
 * rule; the header's other non-empty columns are named in IGNORED_COLUMNS (count = columns).
 */
export function ignoredColumnsWarning(table: string, header: readonly string[], read: Iterable<number>): DataWarning | undefined {
  const used = new Set(read);
  const ignored = header.filter((h, i) => h.trim() !== '' && !used.has(i)).map((h) => h.trim());
  return ignored.length === 0 ? undefined : { code: 'IGNORED_COLUMNS', table, count: ignored.length, examples: ignored.slice(0, 10) };
}
