import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataWarning } from '../../../server/importers/data-warnings.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import type { SystemExtract } from '../../../engine/model/extract.ts';

// The samples docs/extracting-data.md points to: each reads to the canonical extract.
const ROOT = path.resolve('tests/fixtures/exports');
const FORMATS = fs.readdirSync(ROOT).filter((d) => d !== 'canonical');

async function read(dir: string): Promise<{ extract: SystemExtract; warnings: DataWarning[] }> {
  const warnings: DataWarning[] = [];
  return { extract: await readSystemExtract(dir, { warnings }), warnings };
}

describe('export samples under tests/fixtures/exports', () => {
  it('has a sample for every way out of SAP the guide describes', () => {
    expect(FORMATS.sort()).toEqual(
      [
        'abap-report',
        'excel-de-1252',
        'excel-tr-1254',
        'excel-unicode-text',
        'rfc-read-table',
        'se16n-labels-de',
        'se16n-labels-en',
        'se16n-labels-tr',
        'se16n-unconverted',
      ].sort(),
    );
  });

  for (const format of FORMATS) {
    it(`reads ${format} to the canonical extract`, async () => {
      const expected = await read(path.join(ROOT, 'canonical'));
      const got = await read(path.join(ROOT, format));
      const tables = fs.readdirSync(path.join(ROOT, format)).length;
      expect(got.extract.users).toEqual(expected.extract.users);
      expect(got.extract.roleAssignments).toEqual(expected.extract.roleAssignments);
      expect(got.extract.roleAuthorisations).toEqual(expected.extract.roleAuthorisations);
      if (tables === 4) expect(got.extract.userAddresses).toEqual(expected.extract.userAddresses);
      const guessed = got.warnings.filter((w) => w.code === 'ENCODING_GUESSED').map((w) => w.examples[0]);
      expect(guessed).toEqual(format === 'excel-tr-1254' ? ['USER_ADDR.csv: windows-1254'] : []);
      expect(got.warnings.filter((w) => w.code !== 'ENCODING_GUESSED')).toEqual([]);
    });
  }
});
