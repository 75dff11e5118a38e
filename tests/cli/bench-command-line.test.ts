import { describe, expect, it } from 'vitest';
import { commandLineTable } from '../../server/cli/bench-command-line.ts';

// Issue 12: the benchmark document has a start-time row, `segra analyze` on a tiny extract as a
// user runs it (one process, start to exit, median of 5), and a row per size measured.
describe('segra bench: the command line rows', () => {
  it('measures the start on the tiny extract, and analyze on each size given', async () => {
    const table = await commandLineTable([], 20260630);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| `segra analyze` on | Wall (s) | Peak RSS (MiB) |');
    expect(lines).toHaveLength(3);
    const start = /^\| start: the tiny extract tests\/fixtures\/exports\/canonical \(median of 5\) \| (\d+\.\d\d) \| (\d+|–) \|$/.exec(lines[2]);
    expect(start, lines[2]).not.toBeNull();
    expect(Number(start![1])).toBeGreaterThan(0);
  }, 120_000);

  it('names the process that failed', async () => {
    await expect(commandLineTable([{ size: 'NOWHERE', dir: '/nonexistent/segra-bench' }], 20260630)).rejects.toThrow(/segra analyze of \/nonexistent\/segra-bench\/system failed with status 2/);
  }, 120_000);
});
