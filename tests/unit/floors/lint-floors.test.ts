import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 14 item 4: the one-way floors of DESIGN.md 2 are a lint rule. Each case plants an import
// in a virtual file of the repository (eslint's Node API with the repository's own config), so
// the guard fails the day the rule or its file globs stop matching.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function floorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('lint floors', () => {
  it.each([
    ['src/demo/planted.ts', '../../server/errors.ts', 'never imports the server'],
    ['src/custom-pages/analysis/planted.tsx', '../../../server/db/database.ts', 'never imports the server'],
    ['src/planted.ts', '../bin/segra.js', 'never imports the server'],
    ['server/modules/planted.ts', '../../src/demo/api.ts', 'never imports the front end'],
    ['server/planted.ts', '../src/App.tsx', 'never imports the front end'],
    ['engine/analysis/planted.ts', '../../server/errors.ts', 'imports nothing of ours'],
    ['engine/planted.ts', '../src/i18n/en.ts', 'imports nothing of ours'],
    ['engine/model/planted.ts', '../../bin/compiled-entry.js', 'imports nothing of ours'],
    ['engine/model/planted.ts', '../../generator/random.ts', 'imports nothing of ours'],
    ['contracts/planted.ts', '../server/errors.ts', 'imports only engine/'],
  ])('%s importing %s is an error', async (file, from, message) => {
    const errors = await floorErrors(file, use(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('re-exports, type imports and import() are caught too', async () => {
    expect(await floorErrors('src/demo/planted.ts', "export { fieldErrors } from '../../server/errors.ts';\n")).toHaveLength(1);
    expect(await floorErrors('src/demo/planted.ts', "import type { Database } from '../../server/db/database.ts';\nexport type D = Database;\n")).toHaveLength(1);
    expect(await floorErrors('src/custom-pages/planted.ts', "export const load = () => import('../../server/errors.ts');\n")).toHaveLength(1);
    expect(await floorErrors('engine/planted.ts', "export const load = () => import('../src/App.tsx');\n")).toHaveLength(1);
    expect(await floorErrors('src/custom-pages/planted.ts', "export const load = () => import('./analysis/Basis.tsx');\n")).toEqual([]);
  });

  it.each([
    ['src/demo/planted.ts', '../../engine/model/extract.ts'],
    ['src/demo/planted.ts', '../../contracts/period-tables.ts'],
    ['src/demo/planted.ts', '../../generator/random.ts'],
    ['server/planted.ts', '../engine/index.ts'],
    ['server/planted.ts', '../contracts/field-errors.ts'],
    ['engine/analysis/planted.ts', '../model/extract.ts'],
    ['contracts/planted.ts', '../engine/model/extract.ts'],
  ])('%s importing %s is allowed', async (file, from) => {
    expect(await floorErrors(file, use(from))).toEqual([]);
  });

  it('the demo, which crossed the floor before, now keeps to it', async () => {
    const dir = path.join(ROOT, 'src/demo');
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f));
    const results = await eslint.lintFiles(files);
    const crossings = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => `${r.filePath}: ${m.message}`));
    expect(crossings).toEqual([]);
    expect(results.length).toBeGreaterThan(5);
  });
});
