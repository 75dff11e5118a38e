import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTableSource, type SourceTable } from '../../../server/importers/table-source.ts';
import { guessNewline } from '../../../server/importers/csv-bytes.ts';

/**
 * The byte path of forEachRow (csv-bytes.ts) against the PapaParse path (batches) on the same
 * file: the same rows with the same lines, the same header line and warnings, or the same error.
 */
type Outcome = { rows: [number, string[]][]; headerLine: number; warnings: unknown } | { error: string };

async function read(data: Uint8Array, how: 'bytes' | 'papa'): Promise<Outcome> {
  try {
    const rows: [number, string[]][] = [];
    let table: SourceTable | undefined;
    for await (const t of openTableSource([{ name: 'AGR_1251.csv', data }]).tables()) {
      table = t;
      if (how === 'bytes') await t.forEachRow((values, line) => void rows.push([line, [...values]]));
      else for await (const batch of t.batches()) for (const r of batch) rows.push([r.line, [...r.values]]);
    }
    return { rows, headerLine: table!.headerLine, warnings: table!.warnings?.() };
  } catch (e) {
    return { error: `${(e as Error).message} ${JSON.stringify(e)}` };
  }
}

const cell = fc.stringMatching(/^[A-Z0-9_ $*.-]{0,6}$/);
const ending = fc.constantFrom('\n', '\r\n', '\r\n', '\n');

/** A file: header, then rows (some empty, some ragged), with line breaks mostly of one kind. */
const fileArb = fc
  .record({
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    width: fc.integer({ min: 1, max: 4 }),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    rows: fc.array(fc.tuple(fc.array(cell, { minLength: 1, maxLength: 5 }), ending, fc.integer({ min: 0, max: 12 })), {
      minLength: 1,
      maxLength: 30,
    }),
    repeat: fc.integer({ min: 1, max: 3000 }),
    /** Something the byte path hands to the text path, put somewhere after the first piece. */
    tail: fc.option(fc.constantFrom('"q""x"', 'ä', '\u0130', '\x01', '"open', 'a\rb', '\x7f', 'x"y'), { nil: undefined }),
    tailAt: fc.nat(),
    finalBreak: fc.boolean(),
  })
  .map((f) => {
    const header = Array.from({ length: f.width }, (_, i) => `C${i}`).join(f.delimiter);
    const lines: string[] = [];
    for (let k = 0; k < f.repeat; k++) {
      for (const [cells, end, shape] of f.rows) {
        const values = shape === 0 ? [] : shape === 1 ? [...cells, '\r'] : cells.slice(0, f.width).concat(Array(Math.max(0, f.width - cells.length)).fill(''));
        const text = shape === 2 ? cells.join(f.delimiter) : values.join(f.delimiter);
        // A lone LF in a CRLF file only where no quote follows: there the text path counts it as a
        // line break or not depending on how far its decoder has read ahead (see csv-bytes.ts).
        const lone = shape === 3 && (!f.crlf || f.tail === undefined);
        lines.push(text + (lone ? end : f.crlf ? '\r\n' : '\n'));
      }
    }
    if (f.tail !== undefined) {
      const at = lines.length > 1 ? 1 + (f.tailAt % (lines.length - 1)) : 0;
      lines[at] = f.tail + f.delimiter + lines[at];
    }
    let text = header + (f.crlf ? '\r\n' : '\n') + lines.join('');
    if (!f.finalBreak) text = text.replace(/\r?\n$/, '');
    const bytes = Buffer.from(text, 'utf8');
    return f.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
  });

describe('the byte path of CSV tables (csv-bytes.ts)', () => {
  it('gives the rows, lines, header line, warnings and errors of the PapaParse path', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, async (data) => {
        const [bytes, papa] = [await read(data, 'bytes'), await read(data, 'papa')];
        expect(bytes).toEqual(papa);
      }),
      { numRuns: 150 },
    );
  }, 240_000);

  it('reads a file of several pieces with a late non-ASCII value through the text path', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `100;ROLE${i % 97};S_TCODE;T${i};TCD;VA0${i % 3};`);
    rows[30_000] = '100;RÖLE;S_TCODE;T1;TCD;"A;B";';
    const text = `MANDT;AGR_NAME;OBJECT;AUTH;FIELD;LOW;HIGH\r\n${rows.join('\r\n')}\r\n`;
    const bytes = await read(new Uint8Array(Buffer.from(text, 'latin1')), 'bytes');
    expect(bytes).toEqual(await read(new Uint8Array(Buffer.from(text, 'latin1')), 'papa'));
    if ('error' in bytes) throw new Error(bytes.error);
    expect(bytes.rows).toHaveLength(40_000);
    expect(bytes.rows[30_000]).toEqual([30_002, ['100', 'RÖLE', 'S_TCODE', 'T1', 'TCD', 'A;B', '']]);
    expect(bytes.warnings).toEqual([{ code: 'ENCODING_GUESSED', table: 'AGR_1251', count: 1, examples: ['AGR_1251.csv: windows-1252'] }]);
  });

  it('guesses the line break as PapaParse does', () => {
    expect(guessNewline('A,B\nC,D\n')).toBe('\n');
    expect(guessNewline('A,B\r\nC,D\r\n')).toBe('\r\n');
    expect(guessNewline('A,B\rC,D\r')).toBe('\r');
    expect(guessNewline('A,B\nC\r\nD')).toBe('\n');
  });
});

describe('a big plain CSV file split in a second thread (csv-bytes-thread.ts)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'segra-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const saved = { min: process.env.SEGRA_READ_THREAD_MIN_BYTES, on: process.env.SEGRA_READ_THREADS };
  beforeAll(() => {
    process.env.SEGRA_READ_THREAD_MIN_BYTES = String(1 << 20);
    process.env.SEGRA_READ_THREADS = '1';
  });
  afterAll(() => {
    if (saved.min === undefined) delete process.env.SEGRA_READ_THREAD_MIN_BYTES;
    else process.env.SEGRA_READ_THREAD_MIN_BYTES = saved.min;
    if (saved.on === undefined) delete process.env.SEGRA_READ_THREADS;
    else process.env.SEGRA_READ_THREADS = saved.on;
  });

  async function both(name: string, text: Buffer): Promise<[Outcome, Outcome]> {
    const file = path.join(dir, 'AGR_1251.csv');
    writeFileSync(file, text);
    const read = async (how: 'bytes' | 'papa'): Promise<Outcome> => {
      try {
        const rows: [number, string[]][] = [];
        let table: SourceTable | undefined;
        for await (const t of openTableSource(file).tables()) {
          table = t;
          if (how === 'bytes') await t.forEachRow((values, line) => void rows.push([line, values]));
          else for await (const batch of t.batches()) for (const r of batch) rows.push([r.line, r.values]);
        }
        return { rows, headerLine: table!.headerLine, warnings: table!.warnings?.() };
      } catch (e) {
        return { error: `${name}: ${(e as Error).message} ${JSON.stringify(e)}` };
      }
    };
    return [await read('bytes'), await read('papa')];
  }

  const rows = (n: number, crlf: boolean): string[] =>
    Array.from({ length: n }, (_, i) => `100,ROLE_${i >> 6},${i % 5 ? 'S_TCODE' : 'F_BKPF_BUK'},T${i >> 3},${i % 3 ? 'TCD' : 'ACTVT'},V${i % 1000},${i % 7 ? '' : 'Z'}${crlf ? '\r' : ''}`);

  it.each([
    ['LF, plain to the end', false, undefined],
    ['CRLF, plain to the end', true, undefined],
    ['a quote in the thread part', false, 0.8],
    ['non-ASCII in the thread part', true, 0.7],
    ['a control character in the thread part', false, 0.9],
    ['a quote in the calling thread part', false, 0.1],
  ] as const)('reads %s as the PapaParse path does', async (name, crlf, at) => {
    // Over 5 MiB: the thread starts at a piece (1 MiB) boundary a tenth into the file, at least one piece in.
    const lines = rows(150_000, crlf);
    if (at !== undefined) {
      const k = Math.floor(lines.length * at);
      lines[k] = name.includes('quote') ? `100,"R,1",X,"A""B",F,V,` : name.includes('non-ASCII') ? `100,RÖLE,X,A,F,V,\r` : `100,R\u0001,X,A,F,V,`;
    }
    const text = Buffer.from(`MANDT,AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH${crlf ? '\r' : ''}\n${lines.join('\n')}\n`, 'latin1');
    expect(text.length).toBeGreaterThan(5 << 20);
    const [bytes, papa] = await both(name, text);
    expect(bytes).toEqual(papa);
    if (at === undefined || !name.includes('control')) expect('rows' in bytes && bytes.rows.length).toBe(150_000);
  }, 60_000);
});

describe('rows of the byte path from a pool (RowHandler pooled, issue 12)', () => {
  it('flags a row pooled only when a pool was given and every value is in it; the text path never', async () => {
    const read = async (text: string, pool?: Map<string, string>): Promise<[string[], boolean][]> => {
      const rows: [string[], boolean][] = [];
      for await (const t of openTableSource([{ name: 'USR02.csv', data: new TextEncoder().encode(text) }]).tables()) {
        await t.forEachRow((values, _line, pooled) => void rows.push([[...values], pooled === true]), undefined, undefined, pool);
      }
      return rows;
    };
    const pool = new Map<string, string>([['ALICE', 'ALICE']]);
    expect(await read('MANDT,BNAME\n100,ALICE\n100,BOB\n100,\n', pool)).toEqual([
      [['100', 'ALICE'], true],
      [['100', 'BOB'], true],
      [['100', ''], true],
    ]);
    // Every value met (the header's too) is in the pool now.
    expect([...pool.keys()].sort()).toEqual(['100', 'ALICE', 'BNAME', 'BOB', 'MANDT']);
    expect(await read('MANDT,BNAME\n100,ALICE\n')).toEqual([[['100', 'ALICE'], false]]);
    // A quote sends the file down the text path: no row of it is pooled.
    expect(await read('MANDT,BNAME\n100,"ALICE"\n', new Map())).toEqual([[['100', 'ALICE'], false]]);
  });
});
