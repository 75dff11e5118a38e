/**
 * Turns a table file's bytes into text, whatever encoding it left SAP or Excel in (DESIGN
 * 4.1a): UTF-8 with or without BOM, UTF-16LE/BE with a BOM (Excel "Unicode text"), and
 * Windows-1252 or Windows-1254 when the bytes are not valid UTF-8 (Excel's "CSV" in a German
 * or Turkish locale). Decoding is Node's TextDecoder (ICU); telling 1252 from 1254 is chardet's
 * work, on the piece that first failed as UTF-8, so the large files that are plain ASCII cost
 * nothing extra.
 *
 * The text is streamed piece by piece. While streaming, it notes whether any piece holds a
 * double quote (only then can a value span lines) and whether any holds a character no SAP
 * extract contains (NUL and the other C0 controls, or U+FFFD where bytes were not valid
 * UTF-8): the table readers then check their rows one by one and name the line and column.
 */
// chardet is loaded only when a file is not UTF-8: most runs never need it.
type Analyse = (sample: Uint8Array) => { name: string }[];

/** What the decoding of one file found out, read while and after its text streams. */
export interface DecodeState {
  /** The encoding the text is decoded from (a WHATWG label). */
  encoding: string;
  /** Set when the encoding was guessed (not UTF-8, no BOM): the ENCODING_GUESSED warning. */
  guessed: boolean;
  /** Whether any text so far holds a double quote. */
  quotes: boolean;
  /** Whether any text so far holds a control character or U+FFFD: rows must then be checked. */
  suspect: boolean;
}

/** C0 controls other than tab, LF and CR, and DEL: never in an SAP value. */
const CONTROLS: readonly string[] = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\t' && c !== '\n' && c !== '\r'),
  '\x7f',
];
/** The replacement character: what invalid bytes decode to. */
export const REPLACEMENT = '\uFFFD';

/**
 * Whether text holds a control character or U+FFFD. Each test is a memchr-like scan; a single
 * character-class regex was measured 5 times slower on a 400 MB AGR_1251.
 */
function holdsSuspect(text: string): boolean {
  if (text.includes(REPLACEMENT)) return true;
  for (let i = 0; i < CONTROLS.length; i++) if (text.includes(CONTROLS[i])) return true;
  return false;
}

/** The first control character or U+FFFD in a value, or -1. */
export function suspectAt(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127 || c === 0xfffd) return i;
  }
  return -1;
}

/** The encoding a byte-order mark names, and its length; utf-8 and 0 without one. */
function bomOf(bytes: Uint8Array): { encoding: string; length: number } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', length: 3 };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return { encoding: 'utf-8', length: 0 };
}

/** Whether bytes are valid UTF-8 (a character cut at the end counts as valid: the next piece completes it). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Windows-1252 or Windows-1254 for bytes that are not UTF-8. chardet reports the ISO 8859
 * names (1252 and 1254 are their supersets); of the two it ranks, the better is taken. On a
 * short sample chardet may rank neither: then letters only Turkish uses (Ğ ğ İ ı Ş ş, the
 * Icelandic Ð ð Ý ý Þ þ of 1252) decide.
 */
export async function guessSingleByteEncoding(sample: Uint8Array): Promise<'windows-1252' | 'windows-1254'> {
  const analyse: Analyse = (await import('chardet')).analyse;
  for (const match of analyse(sample)) {
    const name = match.name.toUpperCase();
    if (name === 'ISO-8859-9' || name === 'WINDOWS-1254') return 'windows-1254';
    if (name === 'ISO-8859-1' || name === 'WINDOWS-1252') {
      return hasTurkishLetters(sample) ? 'windows-1254' : 'windows-1252';
    }
  }
  return hasTurkishLetters(sample) ? 'windows-1254' : 'windows-1252';
}

function hasTurkishLetters(sample: Uint8Array): boolean {
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i];
    if (b === 0xd0 || b === 0xdd || b === 0xde || b === 0xf0 || b === 0xfd || b === 0xfe) return true;
  }
  return false;
}

/**
 * Decodes a file's pieces to text. `first` is the file's first bytes (enough for the BOM);
 * `rest` the pieces after it. The state is filled while the text streams.
 */
export function decodeText(
  first: Uint8Array,
  rest: AsyncIterable<Uint8Array>,
  /**
   * Set when `first` is not the file's start but the piece after an ASCII prefix that was read
   * as bytes (csv-bytes.ts): no BOM is looked for, and `bom` says whether the file began with one.
   */
  continued?: { bom: boolean },
): { state: DecodeState; texts: AsyncGenerator<string> } {
  const bom = continued ? { encoding: 'utf-8', length: continued.bom ? 3 : 0 } : bomOf(first);
  const state: DecodeState = { encoding: bom.encoding, guessed: false, quotes: false, suspect: false };
  async function* texts(): AsyncGenerator<string> {
    const options = { ignoreBOM: continued !== undefined };
    let decoder = new TextDecoder(state.encoding, options);
    // Only UTF-8 without a BOM can turn out to be something else; while every piece so far
    // was ASCII, switching decoders at the first bad piece reads the file exactly as if its
    // encoding had been known from the start.
    let ascii = bom.length === 0;
    const piece = async (bytes: Uint8Array): Promise<string> => {
      let t = decoder.decode(bytes, { stream: true });
      if (ascii) {
        if (t.length !== bytes.length || t.includes(REPLACEMENT)) {
          ascii = false;
          if (!isUtf8(bytes)) {
            state.encoding = await guessSingleByteEncoding(bytes);
            state.guessed = true;
            decoder = new TextDecoder(state.encoding, options);
            t = decoder.decode(bytes, { stream: true });
          }
        }
      }
      if (!state.quotes && t.includes('"')) state.quotes = true;
      if (!state.suspect && holdsSuspect(t)) state.suspect = true;
      return t;
    };
    // TextDecoder drops the BOM itself.
    const head = await piece(first);
    if (head) yield head;
    for await (const c of rest) {
      const t = await piece(c);
      if (t) yield t;
    }
    const tail = decoder.decode();
    if (tail) {
      if (!state.suspect && holdsSuspect(tail)) state.suspect = true;
      yield tail;
    }
  }
  return { state, texts: texts() };
}
