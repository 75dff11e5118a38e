/**
 * Reads mitigating-control assignments (DESIGN 5.16, 4.1b; `segra analyze --mitigations FILE`
 * and the server's mitigation import alike): CONTROL_ID, RISK_ID, the holder, VALID_FROM,
 * VALID_TO, one assignment per row. The holder is LEVEL (USER | ROLE) + ID, or a USER/BNAME
 * column (level USER) or a ROLE/AGR_NAME column (level ROLE), as registers keyed by user or by
 * role are written. An APPROVED (or STATUS) column is honoured: only rows approved (`X`, `Y`,
 * `1`, `true`, `yes`, `approved`) are assignments; the others are counted in NOT_APPROVED.
 * Names are trimmed; LEVEL is read case-insensitively; empty dates are open bounds. A row naming
 * a risk, user or role the analysis does not know is kept (the engine counts it in a warning);
 * a row that cannot be an assignment at all is an InputError naming the file, line and column.
 */
import type { InputWarning, MitigationAssignment } from '../../engine/model/controls.ts';
import { WarningTally } from './data-warnings.ts';
import { InputError, showValue } from './input-error.ts';
import { columnName, dateCell, ignoredColumnsOf, indexColumns, isBlank, withSingleTable } from './single-table.ts';

const COLUMNS = {
  control: { names: ['CONTROL_ID'], required: true },
  risk: { names: ['RISK_ID'], required: true },
  level: { names: ['LEVEL'], required: false },
  id: { names: ['ID'], required: false },
  user: { names: ['USER', 'BNAME', 'USER_ID', 'UNAME'], required: false },
  role: { names: ['ROLE', 'AGR_NAME', 'ROLE_NAME'], required: false },
  from: { names: ['VALID_FROM'], required: false },
  to: { names: ['VALID_TO'], required: false },
  approved: { names: ['APPROVED', 'STATUS'], required: false },
  reason: { names: ['REASON'], required: false },
} as const;

const APPROVED = new Set(['x', 'y', '1', 'true', 'yes', 'approved']);

/** One row of a mitigation file, with its line, and REASON ('' without the column). */
export interface MitigationRow extends MitigationAssignment {
  line: number;
  reason: string;
}

/**
 * Streams the assignments of a mitigation file to `onRow`, and returns the warnings of the
 * reading (NOT_APPROVED: rows left out, count = rows, examples `CONTROL_ID/RISK_ID/ID`).
 * `onRow` may throw an InputError of its own for the row.
 */
export async function readMitigationRows(file: string, onRow: (row: MitigationRow, fail: (column: 'control' | 'risk' | 'id' | 'to', problem: string) => never) => void): Promise<InputWarning[]> {
  return withSingleTable(file, async (table) => {
    const c = indexColumns(table, COLUMNS);
    const at = (line: number, i: number) => ({ file: table.fileName, line, column: columnName(table, i) });
    // LEVEL + ID, else a USER or a ROLE column: one of the ways must be there.
    const byLevel = c.level >= 0 && c.id >= 0;
    if (!byLevel && c.user < 0 && c.role < 0) {
      throw new InputError(
        'the holder is missing from the header: expected LEVEL and ID, or a USER (BNAME) column, or a ROLE (AGR_NAME) column',
        { file: table.fileName, line: table.headerLine, column: c.level < 0 ? 'LEVEL' : 'ID' },
      );
    }
    const notApproved = new WarningTally();
    await table.forEachRow((values, line) => {
      if (isBlank(values)) return;
      const named = (i: number, what: string): string => {
        const v = values[i].trim();
        if (v === '') throw new InputError(`${what} is empty`, at(line, i));
        return v;
      };
      const controlId = named(c.control, 'the control id');
      const riskId = named(c.risk, 'the risk id');
      let level: 'USER' | 'ROLE';
      let idColumn: number;
      if (byLevel) {
        const levelText = values[c.level].trim().toUpperCase();
        if (levelText !== 'USER' && levelText !== 'ROLE') throw new InputError(`expected USER or ROLE, got ${showValue(values[c.level])}`, at(line, c.level));
        level = levelText;
        idColumn = c.id;
      } else {
        const user = c.user >= 0 ? values[c.user].trim() : '';
        const role = c.role >= 0 ? values[c.role].trim() : '';
        if (user !== '' && role !== '') throw new InputError('names both a user and a role; give one holder per row', at(line, c.role));
        level = user !== '' || c.role < 0 ? 'USER' : 'ROLE';
        idColumn = level === 'USER' ? c.user : c.role;
      }
      const id = named(idColumn, level === 'USER' ? 'the user' : 'the role');
      if (c.approved >= 0 && !APPROVED.has(values[c.approved].trim().toLowerCase())) {
        notApproved.add(`${controlId}/${riskId}/${id}`);
        return;
      }
      const validFrom = c.from < 0 ? null : dateCell(table, line, c.from, values[c.from]);
      const validTo = c.to < 0 ? null : dateCell(table, line, c.to, values[c.to]);
      const columnOf = { control: c.control, risk: c.risk, id: idColumn, to: c.to };
      onRow(
        { line, controlId, riskId, level, id, validFrom, validTo, reason: c.reason < 0 ? '' : values[c.reason].trim() },
        (column, problem) => {
          throw new InputError(problem, at(line, columnOf[column]));
        },
      );
    });
    const w = notApproved.toWarning('NOT_APPROVED', 'MITIGATIONS');
    return [...ignoredColumnsOf(table, 'MITIGATIONS', c), ...(w ? [w] : [])];
  });
}

export async function readMitigations(file: string): Promise<{ assignments: MitigationAssignment[]; warnings: InputWarning[] }> {
  const assignments: MitigationAssignment[] = [];
  const warnings = await readMitigationRows(file, ({ controlId, riskId, level, id, validFrom, validTo }) =>
    assignments.push({ controlId, riskId, level, id, validFrom, validTo }),
  );
  return { assignments, warnings };
}
