import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataWarning } from '../../../server/importers/data-warnings.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { canonicalWith, reshapeFolder, SHAPES } from '../../support/export-shapes.ts';
import { tempDir } from './helpers.ts';

// DESIGN 4.1a: every shape an export arrives in reads to exactly the canonical extract.
let generated: string;

beforeAll(() => {
  const dir = tempDir('segra-shapes-');
  const g = spawnSync(process.execPath, ['bin/segra.js', 'generate', '--size', 'S', '--out', dir, '--seed', '11'], {
    encoding: 'utf8',
  });
  expect(g.status, g.stderr).toBe(0);
  generated = path.join(dir, 'system');
}, 120_000);

/** A warning without its examples' file names, which differ from shape to shape. */
const gist = (w: DataWarning) => ({ code: w.code, table: w.table, count: w.count });

async function read(dir: string): Promise<{ extract: unknown; warnings: DataWarning[] }> {
  const warnings: DataWarning[] = [];
  const extract = await readSystemExtract(dir, { warnings });
  return { extract, warnings };
}

describe('real export shapes (DESIGN 4.1a)', () => {
  for (const shape of SHAPES) {
    it(`reads the ${shape} shape to exactly the canonical extract`, async () => {
      const canonical = canonicalWith(generated, shape === 'excel-tr-1254' ? 'tr' : 'de');
      const dir = tempDir(`segra-${shape}-`);
      reshapeFolder(canonical, dir, shape);
      const expected = await read(canonical);
      const got = await read(dir);
      expect(got.extract).toEqual(expected.extract);
      const guessed = got.warnings.filter((w) => w.code === 'ENCODING_GUESSED');
      const others = got.warnings.filter((w) => w.code !== 'ENCODING_GUESSED');
      expect(others.map(gist)).toEqual(expected.warnings.map(gist));
      if (shape === 'excel-de-1252' || shape === 'excel-tr-1254') {
        const encoding = shape === 'excel-de-1252' ? 'windows-1252' : 'windows-1254';
        // Only the files with letters beyond ASCII needed a guess.
        expect(guessed.map((w) => w.table).sort()).toEqual(['USER_ADDR']);
        expect(guessed[0]).toEqual({
          code: 'ENCODING_GUESSED',
          table: 'USER_ADDR',
          count: 1,
          examples: [`USER_ADDR.csv: ${encoding}`],
        });
      } else {
        expect(guessed).toEqual([]);
      }
    }, 60_000);
  }
});
