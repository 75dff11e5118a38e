/**
 * The readers of a control register and of a mitigation file (mitigation-files.ts), run in a
 * worker thread (mitigation-file-worker.ts): a file of up to 50 MB is not parsed on the API's
 * event loop (DESIGN 7b). What they need from the database comes in as arguments.
 */
import { date8ToIso } from '../../../engine/model/dates.ts';
import { InputError, showValue } from '../../importers/input-error.ts';
import { columnName, dateCell, indexColumns, isBlank, withSingleTable } from '../../importers/single-table.ts';
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

/** The command line's mitigation file (importers/mitigation-reader.ts), with an optional REASON column. */
export async function readMitigationLines(file: string, controls: Map<string, string>, risks: Set<string>): Promise<{ lines: MitigationLine[]; unknownRisks: string[] }> {
  const unknownRisks = new Set<string>();
  const lines = await withSingleTable(file, async (t) => {
    const c = indexColumns(t, {
      control: { names: ['CONTROL_ID'], required: true },
      risk: { names: ['RISK_ID'], required: true },
      level: { names: ['LEVEL'], required: true },
      id: { names: ['ID'], required: true },
      from: { names: ['VALID_FROM'], required: false },
      to: { names: ['VALID_TO'], required: false },
      reason: { names: ['REASON'], required: false },
    });
    const out: MitigationLine[] = [];
    await t.forEachRow((values, line) => {
      if (isBlank(values)) return;
      const fail = (i: number, problem: string): never => {
        throw new InputError(problem, { file: t.fileName, line, column: columnName(t, i) });
      };
      const named = (i: number, what: string): string => values[i].trim() || fail(i, `${what} is empty`);
      const controlId = named(c.control, 'the control id');
      if (!controls.has(controlId)) fail(c.control, `no mitigating control has the id ${showValue(values[c.control])}`);
      const riskId = named(c.risk, 'the risk id');
      // A register outlives risks: a row of a risk no ruleset of the customer has is left out and named.
      if (!risks.has(riskId)) {
        unknownRisks.add(riskId);
        return;
      }
      const level = values[c.level].trim().toUpperCase();
      if (level !== 'USER' && level !== 'ROLE') fail(c.level, `expected USER or ROLE, got ${showValue(values[c.level])}`);
      const holder = named(c.id, level === 'USER' ? 'the user (ID)' : 'the role (ID)');
      const from = c.from < 0 ? null : dateCell(t, line, c.from, values[c.from]);
      const to = c.to < 0 ? null : dateCell(t, line, c.to, values[c.to]);
      if (from !== null && to !== null && from > to) fail(c.to, 'VALID_TO is before VALID_FROM');
      out.push({
        controlId,
        riskId,
        level: level as 'USER' | 'ROLE',
        holder,
        validFrom: from === null ? null : date8ToIso(from),
        validTo: to === null ? null : date8ToIso(to),
        reason: c.reason < 0 ? '' : values[c.reason].trim(),
      });
    });
    return out;
  });
  return { lines, unknownRisks: [...unknownRisks].sort() };
}

/** The readers the thread answers with, by name. */
export const mitigationReaders = { controls: readControls, mitigations: readMitigationLines };
