import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript of the bin folder, without type declarations
import { compiledMain } from '../../bin/compiled-entry.js';

/**
 * DESIGN 10/11: `segra` starts from compiled JavaScript (no TypeScript compiled at start) when
 * the build is there and current, and from the sources through tsx otherwise.
 */
const BIN = path.resolve('bin/segra.js');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segra-compiled-'));
}, 10_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which code segra runs', () => {
  const layout = (): string => {
    const root = mkdtempSync(path.join(dir, 'root-'));
    for (const f of ['server/cli/main.ts', 'engine/x/y.ts']) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), '');
    }
    return root;
  };
  const build = (root: string, at: Date): void => {
    mkdirSync(path.join(root, '.compiled/server/cli'), { recursive: true });
    writeFileSync(path.join(root, '.compiled/server/cli/main.js'), '');
    writeFileSync(path.join(root, '.compiled/stamp'), '');
    utimesSync(path.join(root, '.compiled/stamp'), at, at);
  };

  it('takes the compiled entry when it is newer than every source', () => {
    const root = layout();
    build(root, new Date(Date.now() + 60_000));
    expect(compiledMain(root)).toBe(path.join(root, '.compiled/server/cli/main.js'));
  });

  it('falls back to the sources when there is no build, or one source is newer than it', () => {
    const root = layout();
    expect(compiledMain(root)).toBeNull();
    build(root, new Date(Date.now() - 60_000));
    expect(compiledMain(root)).toBeNull();
    utimesSync(path.join(root, 'engine/x/y.ts'), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    utimesSync(path.join(root, 'server/cli/main.ts'), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    expect(compiledMain(root)).toBe(path.join(root, '.compiled/server/cli/main.js'));
  });

  it('builds every source, and the compiled command line analyses exactly as the sources do', () => {
    const built = spawnSync(process.execPath, ['bin/build-server.js'], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/^compiled \d+ files to \.compiled\//);
    expect(compiledMain(path.resolve('.'))).toBe(path.resolve('.compiled/server/cli/main.js'));
    const land = path.join(dir, 'land');
    const env = { ...process.env, CI: 'true' };
    expect(spawnSync(process.execPath, [BIN, 'generate', '--size', 'S', '--out', land, '--seed', '5'], { env }).status).toBe(0);
    const args = [BIN, 'analyze', '--system', `${land}/system`, '--rules', `${land}/rules`, '--date', '20260630'];
    const compiled = spawnSync(process.execPath, args, { encoding: 'utf8', env });
    const source = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...env, SEGRA_FROM_SOURCE: '1' } });
    expect(compiled.status, compiled.stderr).toBe(0);
    expect(source.status, source.stderr).toBe(0);
    expect(compiled.stdout.split('\n').length).toBeGreaterThan(50);
    expect(compiled.stdout).toBe(source.stdout);
  }, 120_000);
});
