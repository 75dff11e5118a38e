import { afterEach, describe, expect, it } from 'vitest';
import { preferReadThreads, readThreadsWanted } from '../../../server/importers/csv-bytes-half.ts';

// Issue 12: `segra analyze` splits big files in a second thread unless SEGRA_READ_THREADS=0;
// elsewhere (the server) only SEGRA_READ_THREADS=1 does.
describe('whether big files are split in a second thread', () => {
  const saved = process.env.SEGRA_READ_THREADS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SEGRA_READ_THREADS;
    else process.env.SEGRA_READ_THREADS = saved;
  });

  it('is off until asked for, then on unless SEGRA_READ_THREADS=0', () => {
    delete process.env.SEGRA_READ_THREADS;
    expect(readThreadsWanted()).toBe(false);
    process.env.SEGRA_READ_THREADS = '1';
    expect(readThreadsWanted()).toBe(true);
    preferReadThreads();
    delete process.env.SEGRA_READ_THREADS;
    expect(readThreadsWanted()).toBe(true);
    process.env.SEGRA_READ_THREADS = '0';
    expect(readThreadsWanted()).toBe(false);
  });
});
