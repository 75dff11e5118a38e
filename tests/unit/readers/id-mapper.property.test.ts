import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyExtract, forEachRoleAuthorisation, type RoleAuthorisationRow } from '../../../engine/model/extract.ts';
import { RoleAuthorisationColumns } from '../../../engine/model/role-authorisation-columns.ts';
import { TableReader } from '../../../server/importers/extract-cells.ts';
import { makeIdMapper } from '../../../server/importers/extract-id-mapper.ts';
import { ExtractQuality } from '../../../server/importers/extract-quality.ts';
import { makeMapper } from '../../../server/importers/extract-row-mappers.ts';
import { EXTRACT_TABLES } from '../../../server/importers/extract-tables.ts';
import type { SourceTable } from '../../../server/importers/table-source.ts';

/**
 * Issue 12: AGR_1251 rows handed as ids (extract-id-mapper.ts) map to exactly what the string
 * mapper makes of the same values: rows, roles, the ACTVT warning, the empty-AUTH refusal. Each
 * value comes by id from one of two sets of lists (the two reading threads) or outside them, as
 * `extra` (an empty value, or one beyond a list's size), as the byte reader hands them.
 */
const pick = <T>(...values: T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const rowArb = fc.record({
  role: pick('Z_A', 'Z_B', ' Z_A', 'Z_C '),
  object: pick('S_TCODE', ' S_TCODE', 'S_SERVICE', 'F_BKPF_BUK', ''),
  auth: fc.oneof({ weight: 30, arbitrary: pick('T-1', 'T-2', ' T-1') }, { weight: 1, arbitrary: pick('', '  ') }),
  field: pick('TCD', 'ACTVT', ' ACTVT', 'ACTVT ', 'ACTV', 'BUKRS'),
  low: pick('FB01', '1', '01', ' 2', '1 1', '*', '', '$BUKRS'),
  high: pick('', '3', 'ZZ', '9 '),
  deleted: pick('', 'X', 'x ', 'Y'),
});
type Row = typeof rowArb extends fc.Arbitrary<infer T> ? T : never;
const COLUMNS = ['MANDT', 'AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH', 'DELETED'] as const;
/** Where a value comes from: list set 0 or 1 by id, or `extra`. */
const placeArb = pick<0 | 1 | 'extra'>(0, 1, 'extra');

function reader(header: readonly string[]): TableReader {
  const table = { table: 'AGR_1251', fileName: 'AGR_1251.csv', header, headerLine: 1 } as unknown as SourceTable;
  const r = new TableReader(table);
  r.indexHeader(EXTRACT_TABLES.AGR_1251.columns, EXTRACT_TABLES.AGR_1251.required, 'AGR_1251');
  return r;
}

type Read = { rows: unknown; roles: string[]; warnings: unknown; error?: string };

function run(header: readonly string[], rows: string[][], map: (values: string[], line: number) => void, quality: ExtractQuality, extract: ReturnType<typeof emptyExtract>): Read {
  let error: string | undefined;
  try {
    rows.forEach((values, i) => map(values, i + 2));
  } catch (e) {
    error = (e as Error).message;
  }
  quality.tableRead('AGR_1251', 'AGR_1251.csv', rows.length);
  // The rows as objects, whichever form the mapper filled (columns: roleColumns, `segra analyze`).
  const all: RoleAuthorisationRow[] = [];
  forEachRoleAuthorisation(extract, (role, object, auth, field, low, high, deleted) => all.push({ role, object, auth, field, low, high, deleted }));
  return { rows: all, roles: [...quality.rolesWithAuthorisations], warnings: quality.found, error };
}

describe('AGR_1251 rows as ids (issue 12)', () => {
  it('map as the string mapper maps the same values, from either set of lists or outside them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(rowArb, fc.array(placeArb, { minLength: 8, maxLength: 8 })), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.boolean(),
        (input, withOptional, columnar) => {
          const header = withOptional ? COLUMNS : COLUMNS.filter((c) => c !== 'HIGH' && c !== 'DELETED');
          const valuesOf = (row: Row): string[] => {
            const all: Record<string, string> = { MANDT: '100', AGR_NAME: row.role, OBJECT: row.object, AUTH: row.auth, FIELD: row.field, LOW: row.low, HIGH: row.high, DELETED: row.deleted };
            return header.map((c) => all[c]);
          };
          const rows = input.map(([row]) => valuesOf(row));
          const objects = new Set(['S_TCODE', 'F_BKPF_BUK']);

          const strings = { extract: emptyExtract(), quality: new ExtractQuality() };
          const r1 = reader(header);
          const expected = run(header, rows, makeMapper('AGR_1251', r1, { extract: strings.extract, objects, pool: new Map(), quality: strings.quality }), strings.quality, strings.extract);

          // The id mapper, into columns or objects; and the string mapper into columns, also against the objects.
          const columnsOrNot = (): ReturnType<typeof emptyExtract> => ({ ...emptyExtract(), ...(columnar ? { roleAuthorisationColumns: new RoleAuthorisationColumns() } : {}) });
          if (columnar) {
            const inColumns = { extract: columnsOrNot(), quality: new ExtractQuality() };
            const mapper = makeMapper('AGR_1251', reader(header), { extract: inColumns.extract, objects, pool: new Map(), quality: inColumns.quality });
            expect(run(header, rows, mapper, inColumns.quality, inColumns.extract)).toEqual(expected);
            expect(inColumns.extract.roleAuthorisations).toEqual([]);
          }
          const byIds = { extract: columnsOrNot(), quality: new ExtractQuality() };
          const r2 = reader(header);
          const idMapper = makeIdMapper('AGR_1251', r2, { extract: byIds.extract, objects, pool: new Map(), quality: byIds.quality })!;
          // Two sets of lists, as the two threads' column strings: a value is added where first needed.
          const sets: string[][][] = [header.map(() => []), header.map(() => [])];
          const ids = new Int32Array(header.length);
          const actual = run(
            header,
            rows,
            (values, line) => {
              const places = input[line - 2][1];
              const extra: string[] = [];
              let set = 0;
              values.forEach((v, c) => {
                const place = places[c];
                if (place === 'extra' || v === '') {
                  extra.push(v);
                  ids[c] = -extra.length;
                  return;
                }
                // One set per row (a row comes from one thread): the first listed place decides.
                set = places.find((p) => p !== 'extra') === 1 ? 1 : 0;
                const list = sets[set][c];
                let id = list.indexOf(v);
                if (id < 0) id = list.push(v) - 1;
                ids[c] = id;
              });
              idMapper(ids, 0, sets[set], extra, line);
            },
            byIds.quality,
            byIds.extract,
          );
          expect(actual).toEqual(expected);
          if (columnar) expect(byIds.extract.roleAuthorisations).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
