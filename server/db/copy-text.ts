/**
 * PostgreSQL's COPY text format (one line per row, fields separated by tabs, `\N` for NULL,
 * backslash escapes for backslash, tab, newline and carriage return), written and read
 * without a general CSV parser: it is the fastest way to move millions of rows on both
 * PGlite and PostgreSQL (DESIGN 3).
 */

export const COPY_NULL = '\\N';

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One text field, escaped for COPY. */
export function copyText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

const UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };

/** One field as read from COPY text: null for `\N`, otherwise the unescaped text. */
export function parseCopyField(raw: string): string | null {
  if (raw === COPY_NULL) return null;
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(.)/g, (_, c: string) => UNESCAPES[c] ?? c);
}

/**
 * Splits COPY text output into rows of fields, calling `onRow` for each. The chunks may cut
 * lines (and UTF-8 characters) anywhere.
 */
export async function readCopyRows(chunks: AsyncIterable<Uint8Array>, onRow: (fields: (string | null)[]) => void): Promise<number> {
  const decoder = new TextDecoder();
  let rest = '';
  let count = 0;
  const line = (text: string): void => {
    const fields = text.split('\t');
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f.includes('\\')) fields[i] = parseCopyField(f) as string;
    }
    // `\N` passed through parseCopyField became null; plain fields never contain a backslash.
    onRow(fields as (string | null)[]);
    count++;
  };
  for await (const chunk of chunks) {
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      line(text.slice(start, nl));
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  rest += decoder.decode();
  if (rest.length > 0) line(rest);
  return count;
}
