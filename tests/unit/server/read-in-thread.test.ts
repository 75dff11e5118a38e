import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CELL_TOO_LONG, MAX_CELL_CHARS } from '../../../server/importers/cell-limit.ts';
import { InputError } from '../../../server/importers/input-error.ts';
import { sumUsage, type usageReaders } from '../../../server/jobs/usage-sums.ts';
import { readControls, type mitigationReaders } from '../../../server/modules/mitigations/mitigation-readers.ts';
import { readInThread } from '../../../server/workers/read-in-thread.ts';

/**
 * DESIGN 7b: uploaded files are read in a worker thread. What the thread answers is what the
 * reader answers on the main thread, and its InputError arrives whole: the same class, message,
 * file, line, column, code and params.
 */
const work = mkdtempSync(path.join(tmpdir(), 'segra-read-in-thread-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const MITIGATIONS_FROM = new URL('../../../server/modules/mitigations/mitigation-files.ts', import.meta.url).href;
const JOBS_FROM = new URL('../../../server/jobs/import-usage-job.ts', import.meta.url).href;

// The error a read fails with (a read that succeeds fails the test).
const failure = (read: Promise<unknown>): Promise<InputError> =>
  read.then(
    () => {
      throw new Error('expected an InputError');
    },
    (e: unknown) => e as InputError,
  );

const fileOf = (name: string, text: string): string => {
  const file = path.join(work, name);
  writeFileSync(file, text);
  return file;
};

describe('readInThread', () => {
  it('answers a control register as the reader does on the main thread', async () => {
    const file = fileOf('controls.csv', 'CONTROL_ID,OWNER,FREQUENCY\nMC-1,a@x.test,weekly\nMC-2,,\n');
    const users = new Map([['a@x.test', 'u1']]);
    const inThread = await readInThread<typeof mitigationReaders, 'controls'>('mitigation-file-worker', MITIGATIONS_FROM, 'controls', file, users);
    expect(inThread).toEqual(await readControls(file, users));
    expect(inThread.map((l) => [l.controlId, l.ownerId, l.frequency])).toEqual([
      ['MC-1', 'u1', 'weekly'],
      ['MC-2', null, 'monthly'],
    ]);
  }, 30_000);

  it('answers usage sums (Maps and Sets) as the reader does on the main thread', async () => {
    const file = fileOf('usage.csv', 'ACCOUNT,ENTRY_ID,COUNTER,DATE\nU1,SU01,2,20260601\nU1,SU01,3,20260601\nU2,PFCG,1,20260602\n');
    const inThread = await readInThread<typeof usageReaders, 'sums'>('usage-file-worker', JOBS_FROM, 'sums', file, undefined);
    expect(inThread).toEqual(await sumUsage(file, undefined));
    expect([...inThread.sums.values()].sort()).toEqual([1, 5]);
    expect([...inThread.users].sort()).toEqual(['U1', 'U2']);
  }, 30_000);

  it('rebuilds an InputError with its place, code and params', async () => {
    const file = fileOf('long.csv', `CONTROL_ID,DESCRIPTION\nMC-1,ok\nMC-2,${'x'.repeat(MAX_CELL_CHARS + 1)}\n`);
    const onMain = await failure(readControls(file, new Map()));
    const inThread = await failure(readInThread<typeof mitigationReaders, 'controls'>('mitigation-file-worker', MITIGATIONS_FROM, 'controls', file, new Map()));
    expect(inThread).toBeInstanceOf(InputError);
    const fields = (e: InputError) => ({ message: e.message, problem: e.problem, file: e.file, line: e.line, column: e.column, code: e.code, params: e.params });
    expect(fields(inThread)).toEqual(fields(onMain));
    expect(fields(inThread)).toMatchObject({ file: 'long.csv', line: 3, column: 'DESCRIPTION', code: CELL_TOO_LONG, params: { limit: MAX_CELL_CHARS, length: MAX_CELL_CHARS + 1 } });
  }, 30_000);
});
