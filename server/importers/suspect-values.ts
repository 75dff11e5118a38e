/**
 * The row check that runs once a file's text was seen to hold a control character or U+FFFD
 * (text-decoding.ts): the first such character is refused with the file, line and column, so
 * that a NUL never reaches the database (where it fails without saying where) and bytes that
 * were not valid UTF-8 are never read as something else in silence.
 */
import { InputError } from './input-error.ts';
import { REPLACEMENT, suspectAt, type DecodeState } from './text-decoding.ts';

export function checkValues(
  values: readonly string[],
  line: number,
  fileName: string,
  header: readonly string[] | null,
  state: DecodeState,
): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const at = suspectAt(v);
    if (at < 0) continue;
    // A quoted value may span lines: name the line the character is on.
    let breaks = 0;
    for (let j = v.indexOf('\n'); j >= 0 && j < at; j = v.indexOf('\n', j + 1)) breaks++;
    const column = header?.[i]?.trim() || i + 1;
    const where = { file: fileName, line: line + breaks, column };
    if (v[at] === REPLACEMENT && state.encoding === 'utf-8' && !state.guessed) {
      throw new InputError(
        'bytes that are not valid UTF-8 after text that was: save the file again as UTF-8 (or as "Unicode text")',
        where,
      );
    }
    const code = v.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    throw new InputError(`a control character (U+${code}) is not allowed in a value`, where);
  }
}
