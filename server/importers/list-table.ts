/**
 * The SE16/SE16N "unconverted" list download (DESIGN 4.1a): title lines, dashed rules, and
 * `|`-separated fixed-width columns padded with blanks, the header repeated at each page:
 *
 *     25.11.2026          Dynamic List Display          1
 *     -----------------------------------------------------
 *     |MANDT|AGR_NAME      |OBJECT    |AUTH        |...
 *     -----------------------------------------------------
 *     |100  |Z_AP_CLERK    |S_TCODE   |T-AP01      |...
 *
 * The first `|` line is the header; rules, blank lines, title lines and repeats of the header
 * are skipped. A value loses the blanks that pad it on the right (a list cannot tell them from
 * blanks of the value); leading blanks are kept, as in any other table file.
 */
import { checkCells } from './cell-limit.ts';
import { InputError } from './input-error.ts';
import { checkValues } from './suspect-values.ts';
import type { RowHandler, SourceTable, TableRow } from './table-types.ts';
import type { DecodeState } from './text-decoding.ts';
import { encodingWarning } from './table-warnings.ts';

const BATCH_ROWS = 10_000;
const RULE = /^\s*-{3,}[-|+\s]*$/;
const BAR_LINE = /^\s*\|.*\|\s*$/;

/** Whether a file's first text is an SE16 list: a `|`-framed line with a dashed rule, or a first line framed by `|`. */
export function looksLikeList(headText: string): boolean {
  const lines = headText.split(/\r?\n/, 40).filter((l) => l.trim() !== '');
  const firstBar = lines.findIndex((l) => BAR_LINE.test(l));
  if (firstBar < 0) return false;
  return firstBar === 0 || lines.slice(0, firstBar + 3).some((l) => RULE.test(l));
}

/** The cells of a `|` line: the frame bars dropped, each value's right padding removed. */
function cellsOf(line: string): string[] {
  const open = line.indexOf('|');
  const close = line.lastIndexOf('|');
  return line
    .slice(open + 1, close)
    .split('|')
    .map((v) => v.trimEnd());
}

export function openListTable(
  table: string,
  fileName: string,
  headText: string,
  texts: AsyncIterable<string>,
  state: DecodeState,
): SourceTable {
  const lines = headText.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => BAR_LINE.test(l));
  const header = cellsOf(lines[headerAt]).map((h) => h.trim());
  const headerKey = header.join('|').toUpperCase();
  const headerLine = headerAt + 1;
  let started = false;

  async function* batches(): AsyncGenerator<TableRow[]> {
    if (started) throw new Error(`${fileName}: the rows can be read only once`);
    started = true;
    let batch: TableRow[] = [];
    let line = 0;
    let carry = '';
    const take = (text: string): void => {
      if (text.endsWith('\r')) text = text.slice(0, -1);
      line++;
      if (line <= headerLine || !BAR_LINE.test(text) || RULE.test(text)) return;
      const values = cellsOf(text);
      // A page's repeated header.
      if (
        values.length === header.length &&
        values
          .map((v) => v.trim())
          .join('|')
          .toUpperCase() === headerKey
      )
        return;
      if (values.length !== header.length) {
        throw new InputError(`expected ${header.length} columns between | as in the header, got ${values.length}`, {
          file: fileName,
          line,
        });
      }
      checkCells(values, fileName, header, line);
      if (state.suspect) checkValues(values, line, fileName, header, state);
      batch.push({ line, values });
    };
    for await (const t of texts) {
      const parts = (carry + t).split('\n');
      carry = parts.pop()!;
      for (const p of parts) take(p);
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (carry !== '') take(carry);
    if (batch.length > 0) yield batch;
  }

  return {
    table,
    fileName,
    header,
    headerLine,
    warnings: () => encodingWarning(table, fileName, state),
    batches,
    async forEachRow(onRow: RowHandler): Promise<void> {
      for await (const b of batches()) for (const r of b) onRow(r.values, r.line);
    },
  };
}
