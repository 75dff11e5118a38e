/**
 * The user mapping of a cross-system analysis (DESIGN 5.18): one row per user of a system that
 * is a person under another name, columns SYSTEM, BNAME, PERSON (a CSV or the first sheet of an
 * .xlsx, as every single-table file). A row with an empty cell, a SYSTEM that cannot be a
 * system id, or a (SYSTEM, BNAME) given twice with two persons is refused naming file, line and
 * column; the same row given twice is read once.
 */
import { isSystemId } from '../../engine/model/ruleset.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import type { UserMapping } from '../../engine/cross-system/analyse-systems.ts';
import { InputError, showValue } from './input-error.ts';
import { columnName, ignoredColumnsOf, indexColumns, isBlank, withSingleTable } from './single-table.ts';

/** One (SYSTEM, BNAME) given two persons: the UI words it from this code (segra.import.code). */
export const USER_MAPPED_TWICE = 'USER_MAPPED_TWICE';

const COLUMNS = {
  system: { names: ['SYSTEM'], required: true },
  bname: { names: ['BNAME'], required: true },
  person: { names: ['PERSON'], required: true },
} as const;

export async function readUserMap(file: string): Promise<{ mappings: UserMapping[]; warnings: InputWarning[] }> {
  return withSingleTable(file, async (table) => {
    const c = indexColumns(table, COLUMNS);
    const mappings: UserMapping[] = [];
    const first = new Map<string, { person: string; line: number }>();
    await table.forEachRow((values, line) => {
      if (isBlank(values)) return;
      const at = (i: number) => ({ file: table.fileName, line, column: columnName(table, i) });
      const cell = (i: number, what: string): string => {
        const v = (values[i] ?? '').trim();
        if (v === '') throw new InputError(`${what} is empty`, at(i));
        return v;
      };
      const system = cell(c.system, 'the system');
      if (!isSystemId(system)) throw new InputError(`expected a system id (letters, digits, _ or -, at most 32), got ${showValue(values[c.system])}`, at(c.system));
      const bname = cell(c.bname, 'the user (BNAME)');
      const person = cell(c.person, 'the person');
      const key = `${system}\u0000${bname}`;
      const seen = first.get(key);
      if (seen) {
        if (seen.person !== person) {
          throw new InputError(
            `user ${bname} of system ${system} is mapped to ${seen.person} on line ${seen.line} and to ${person} here; give one person per user`,
            at(c.person),
            { code: USER_MAPPED_TWICE, params: { user: bname, system, first: seen.person, firstLine: seen.line, person } },
          );
        }
        return;
      }
      first.set(key, { person, line });
      mappings.push({ system, bname, person });
    });
    return { mappings, warnings: ignoredColumnsOf(table, 'USER_MAP', c) };
  });
}
