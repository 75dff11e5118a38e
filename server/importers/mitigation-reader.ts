/**
 * Reads mitigating-control assignments (DESIGN 5.16, `segra analyze --mitigations FILE`):
 * CONTROL_ID, RISK_ID, LEVEL (USER | ROLE), ID, VALID_FROM, VALID_TO, one assignment per row.
 * Names are trimmed; LEVEL is read case-insensitively; empty dates are open bounds. A row naming
 * a risk, user or role the analysis does not know is kept (the engine counts it in a warning);
 * a row that cannot be an assignment at all is an InputError naming the file, line and column.
 */
import type { MitigationAssignment } from '../../engine/model/controls.ts';
import { InputError, showValue } from './input-error.ts';
import { columnName, dateCell, indexColumns, isBlank, withSingleTable } from './single-table.ts';

const COLUMNS = {
  control: { names: ['CONTROL_ID'], required: true },
  risk: { names: ['RISK_ID'], required: true },
  level: { names: ['LEVEL'], required: true },
  id: { names: ['ID'], required: true },
  from: { names: ['VALID_FROM'], required: false },
  to: { names: ['VALID_TO'], required: false },
} as const;

export async function readMitigations(file: string): Promise<MitigationAssignment[]> {
  return withSingleTable(file, async (table) => {
    const c = indexColumns(table, COLUMNS);
    const out: MitigationAssignment[] = [];
    await table.forEachRow((values, line) => {
      if (isBlank(values)) return;
      const named = (i: number, what: string): string => {
        const v = values[i].trim();
        if (v === '') throw new InputError(`${what} is empty`, { file: table.fileName, line, column: columnName(table, i) });
        return v;
      };
      const controlId = named(c.control, 'the control id');
      const riskId = named(c.risk, 'the risk id');
      const levelText = values[c.level].trim().toUpperCase();
      if (levelText !== 'USER' && levelText !== 'ROLE') {
        throw new InputError(`expected USER or ROLE, got ${showValue(values[c.level])}`, { file: table.fileName, line, column: columnName(table, c.level) });
      }
      const id = named(c.id, levelText === 'USER' ? 'the user (ID)' : 'the role (ID)');
      const validFrom = c.from < 0 ? null : dateCell(table, line, c.from, values[c.from]);
      const validTo = c.to < 0 ? null : dateCell(table, line, c.to, values[c.to]);
      out.push({ controlId, riskId, level: levelText, id, validFrom, validTo });
    });
    return out;
  });
}
