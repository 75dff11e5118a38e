/**
 * Options of a simulation (POST /api/simulations, server/modules/reports/simulation.ts
 * simulationSchema): evaluation level and instance mode, and for a role the authorisation values
 * (AGR_1251 rows) to add or remove. Pure helpers, shared by the screen and its tests.
 */

export const SIMULATION_LEVELS = ['permission', 'action'] as const;
export type SimulationLevel = (typeof SIMULATION_LEVELS)[number];
export const SIMULATION_MODES = ['same-instance', 'union'] as const;
export type SimulationMode = (typeof SIMULATION_MODES)[number];

/** The server's defaults (simulationSchema). */
export const DEFAULT_LEVEL: SimulationLevel = 'permission';
export const DEFAULT_MODE: SimulationMode = 'same-instance';

/** The schema's limits: names and values at most 100 characters, at most 1000 values per list. */
export const MAX_TEXT = 100;
export const MAX_VALUES = 1000;

/** One authorisation value of a role (an AGR_1251 row without role and deletion flag). */
export interface AuthorisationValue {
  object: string;
  auth: string;
  field: string;
  low: string;
  high: string;
}

export const VALUE_FIELDS = ['object', 'auth', 'field', 'low', 'high'] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];
/** Object, authorisation and field are required (the schema's `name`); low and high may be empty. */
export const REQUIRED_FIELDS: readonly ValueField[] = ['object', 'auth', 'field'];
/** Column labels (literal keys, so the catalogue test finds them). */
export const VALUE_LABELS: Record<ValueField, string> = {
  object: 'segra.analysis.simulation.value_object',
  auth: 'segra.analysis.simulation.value_auth',
  field: 'segra.analysis.simulation.value_field',
  low: 'segra.analysis.simulation.value_low',
  high: 'segra.analysis.simulation.value_high',
};

export const emptyValue = (): AuthorisationValue => ({ object: '', auth: '', field: '', low: '', high: '' });

/** Why one field of a value row would be refused by the server, or null when it is fine. */
export function fieldProblem(v: AuthorisationValue, f: ValueField): 'required' | 'too_long' | null {
  if (REQUIRED_FIELDS.includes(f)) {
    // The server trims names before checking them, so a blank name is missing.
    const t = v[f].trim();
    if (t === '') return 'required';
    return t.length > MAX_TEXT ? 'too_long' : null;
  }
  return v[f].length > MAX_TEXT ? 'too_long' : null;
}

export const isCompleteValue = (v: AuthorisationValue): boolean => VALUE_FIELDS.every((f) => fieldProblem(v, f) === null);

/** 1-based numbers of the rows the server would refuse (for the message). */
export const incompleteRows = (values: readonly AuthorisationValue[]): number[] =>
  values.flatMap((v, i) => (isCompleteValue(v) ? [] : [i + 1]));

/** Identity of a value: the server removes rows equal in all five fields, compared exactly. */
export const valueKey = (v: AuthorisationValue): string => JSON.stringify([v.object, v.auth, v.field, v.low, v.high]);

/** A row of the system data API (`/tables/AGR_1251`, columns named as in SAP) as a value, untrimmed. */
export function rowToValue(row: Record<string, unknown>): AuthorisationValue {
  const text = (k: string) => (row[k] === null || row[k] === undefined ? '' : String(row[k]));
  return { object: text('OBJECT'), auth: text('AUTH'), field: text('FIELD'), low: text('LOW'), high: text('HIGH') };
}

/** Adds a value to the list, or takes it out when it is there (a checkbox of the removal table). */
export function toggleValue(list: readonly AuthorisationValue[], v: AuthorisationValue): AuthorisationValue[] {
  const key = valueKey(v);
  return list.some((x) => valueKey(x) === key) ? list.filter((x) => valueKey(x) !== key) : [...list, v];
}

export interface SimulationInput {
  systemPeriodId: string;
  riskPeriodId: string;
  kind: 'user' | 'role';
  holder: string;
  addRoles: string[];
  removeRoles: string[];
  level: SimulationLevel;
  mode: SimulationMode;
  addValues: AuthorisationValue[];
  removeValues: AuthorisationValue[];
}

/**
 * The request body. Authorisation values go only with a role: the server refuses them for a
 * user (400), so values left over from a role are never sent for a user.
 */
export function simulationBody(s: SimulationInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    systemPeriodId: s.systemPeriodId,
    riskPeriodId: s.riskPeriodId,
    [s.kind]: s.holder,
    addRoles: s.addRoles,
    removeRoles: s.removeRoles,
    level: s.level,
    mode: s.mode,
  };
  if (s.kind === 'role') {
    body.addAuthorisations = s.addValues;
    body.removeAuthorisations = s.removeValues;
  }
  return body;
}

/** What to tell the user before sending, as a message key with its options; null when the values are fine. */
export function valuesProblem(s: Pick<SimulationInput, 'kind' | 'addValues' | 'removeValues'>): { key: string; options: Record<string, unknown> } | null {
  if (s.kind !== 'role') return null;
  if (s.addValues.length > MAX_VALUES || s.removeValues.length > MAX_VALUES) {
    return { key: 'segra.analysis.simulation.too_many_values', options: { max: MAX_VALUES } };
  }
  const rows = incompleteRows(s.addValues);
  if (rows.length > 0) return { key: 'segra.analysis.simulation.incomplete_values', options: { rows: rows.join(', '), max: MAX_TEXT } };
  return null;
}
