/**
 * The readers of a control register and of a mitigation file (mitigation-files.ts), run in a
 * worker thread (mitigation-file-worker.ts): a file of up to 50 MB is not parsed on the API's
 * event loop (DESIGN 7b). What they need from the database comes in as arguments.
 */
import type { InputWarning } from '../../../engine/model/controls.ts';
import { date8ToIso } from '../../../engine/model/dates.ts';
import { InputError, showValue } from '../../importers/input-error.ts';
import { readMitigationRows } from '../../importers/mitigation-reader.ts';
import { columnName, indexColumns, isBlank, withSingleTable } from '../../importers/single-table.ts';
import { FREQUENCIES } from './mitigations-resource.ts';

export interface ControlLine {
  line: number;
  controlId: string;
  description: string;
  businessProcess: string;
  owner: string | null;
  monitor: string | null;
  frequency: string;
  status: string;
}

export async function readControls(file: string, users: Map<string, string>): Promise<Array<ControlLine & { ownerId: string | null; monitorId: string | null }>> {
  return withSingleTable(file, async (t) => {
    const c = indexColumns(t, {
      control: { names: ['CONTROL_ID'], required: true },
      description: { names: ['DESCRIPTION'], required: false },
      process: { names: ['BUSINESS_PROCESS'], required: false },
      owner: { names: ['OWNER'], required: false },
      monitor: { names: ['MONITOR'], required: false },
      frequency: { names: ['FREQUENCY'], required: false },
      status: { names: ['STATUS'], required: false },
    });
    const out: Array<ControlLine & { ownerId: string | null; monitorId: string | null }> = [];
    await t.forEachRow((values, line) => {
      if (isBlank(values)) return;
      const cell = (i: number): string => (i < 0 ? '' : values[i].trim());
      const fail = (i: number, problem: string): never => {
        throw new InputError(problem, { file: t.fileName, line, column: columnName(t, i) });
      };
      const controlId = cell(c.control);
      if (controlId === '') fail(c.control, 'the control id is empty');
      const user = (i: number): string | null => {
        const email = cell(i).toLowerCase();
        if (email === '') return null;
        return users.get(email) ?? fail(i, `no user of this customer has the email ${showValue(values[i])}`);
      };
      const frequency = cell(c.frequency).toLowerCase() || 'monthly';
      if (!(FREQUENCIES as readonly string[]).includes(frequency)) fail(c.frequency, `expected one of ${FREQUENCIES.join(', ')}, got ${showValue(values[c.frequency])}`);
      const status = cell(c.status).toLowerCase() || 'active';
      if (status !== 'active' && status !== 'inactive') fail(c.status, `expected active or inactive, got ${showValue(values[c.status])}`);
      out.push({
        line,
        controlId,
        description: cell(c.description),
        businessProcess: cell(c.process),
        owner: cell(c.owner) || null,
        monitor: cell(c.monitor) || null,
        ownerId: user(c.owner),
        monitorId: user(c.monitor),
        frequency,
        status,
      });
    });
    return out;
  });
}

export interface MitigationLine {
  controlId: string;
  riskId: string;
  level: 'USER' | 'ROLE';
  holder: string;
  validFrom: string | null;
  validTo: string | null;
  reason: string;
}

/**
 * The command line's mitigation file, read by its reader (importers/mitigation-reader.ts: LEVEL
 * + ID or USER/ROLE columns, APPROVED honoured), with an optional REASON column.
 */
export async function readMitigationLines(
  file: string,
  controls: Map<string, string>,
  risks: Set<string>,
): Promise<{ lines: MitigationLine[]; warnings: InputWarning[]; unknownRisks: string[] }> {
  const unknownRisks = new Set<string>();
  const lines: MitigationLine[] = [];
  const warnings = await readMitigationRows(file, (row, fail) => {
    if (!controls.has(row.controlId)) fail('control', `no mitigating control has the id ${showValue(row.controlId)}`);
    // A register outlives risks: a row of a risk no ruleset of the customer has is left out and named.
    if (!risks.has(row.riskId)) {
      unknownRisks.add(row.riskId);
      return;
    }
    if (row.validFrom !== null && row.validTo !== null && row.validFrom > row.validTo) fail('to', 'VALID_TO is before VALID_FROM');
    lines.push({
      controlId: row.controlId,
      riskId: row.riskId,
      level: row.level,
      holder: row.id,
      validFrom: row.validFrom === null ? null : date8ToIso(row.validFrom),
      validTo: row.validTo === null ? null : date8ToIso(row.validTo),
      reason: row.reason,
    });
  });
  return { lines, warnings, unknownRisks: [...unknownRisks].sort() };
}

/** The readers the thread answers with, by name. */
export const mitigationReaders = { controls: readControls, mitigations: readMitigationLines };
