/**
 * The editable form of a ruleset function (actions and permission lines) and its checks. The
 * checks mirror the API's zod schema (server/modules/risk-periods/ruleset-resources.ts) so a
 * mistake is shown before the request; the API stays the authority and its 400 is shown too.
 */

export const OPERATORS = ['OR', 'AND', 'NOT'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface ActionRow {
  action: string;
  active: boolean;
}

export interface PermissionRow {
  action: string;
  object: string;
  field: string;
  low: string;
  high: string;
  operator: Operator;
  active: boolean;
}

/** A function as the API lists it. */
export interface FunctionRecord {
  id: string;
  functionId: string;
  description: string;
  businessProcess: string;
  actions: ActionRow[];
  permissions: { action: string; object: string; field: string; low: string; high: string; operator: string; active: boolean }[];
}

export interface FunctionForm {
  functionId: string;
  description: string;
  businessProcess: string;
  actions: ActionRow[];
  permissions: PermissionRow[];
}

/** Limits of the API schema: `code()` ids are 1..100 characters, values 200, texts 2000 and 100. */
export const LIMITS = { code: 100, value: 200, description: 2000, businessProcess: 100 } as const;
/** The API's `code()` refuses spaces and ; : , > (they separate values in ruleset files). */
const CODE_PATTERN = /^[^\s;:,>]+$/;

/**
 * SAP transaction codes, authorisation objects and fields are upper case, and the engine compares
 * them with the extract exactly (engine/ruleset/compile.ts), so a lower-case code would never match.
 * The API itself only trims, so this is where they are put in upper case.
 */
export const normaliseCode = (s: string): string => s.trim().toUpperCase();

export const emptyPermission = (action: string): PermissionRow => ({ action, object: '', field: '', low: '', high: '', operator: 'OR', active: true });

const asOperator = (s: string): Operator => ((OPERATORS as readonly string[]).includes(s) ? (s as Operator) : 'OR');

/** The form of an existing function, or an empty one. */
export function toForm(f: FunctionRecord | null): FunctionForm {
  if (!f) return { functionId: '', description: '', businessProcess: '', actions: [], permissions: [] };
  return {
    functionId: f.functionId,
    description: f.description,
    businessProcess: f.businessProcess,
    actions: f.actions.map((a) => ({ action: a.action, active: a.active })),
    permissions: f.permissions.map((p) => ({ ...p, operator: asOperator(p.operator) })),
  };
}

/** The form as it is sent: codes trimmed and upper case; LOW and HIGH kept as typed (the API keeps them so). */
export function normaliseForm(v: FunctionForm): FunctionForm {
  return {
    functionId: normaliseCode(v.functionId),
    description: v.description.trim(),
    businessProcess: v.businessProcess.trim(),
    actions: v.actions.map((a) => ({ action: normaliseCode(a.action), active: a.active })),
    permissions: v.permissions.map((p) => ({ ...p, action: normaliseCode(p.action), object: normaliseCode(p.object), field: normaliseCode(p.field) })),
  };
}

/** A problem of the form: a catalogue key and its arguments (a string argument may itself be a catalogue key). */
export interface Problem {
  key: string;
  args?: Record<string, string | number>;
}

const badCode = (s: string) => s === '' || s.length > LIMITS.code || !CODE_PATTERN.test(s);

/**
 * The problems of a normalised form, in reading order (none: it may be sent). `isNew`: the
 * function id is only sent, so only checked, on creation.
 */
export function validateFunction(v: FunctionForm, isNew: boolean): Problem[] {
  const out: Problem[] = [];
  if (isNew && badCode(v.functionId)) out.push({ key: 'segra.analysis.risk_data.v_function_id' });
  if (v.description.length > LIMITS.description) out.push({ key: 'segra.analysis.risk_data.v_too_long', args: { field: 'segra.analysis.fields.description', max: LIMITS.description } });
  if (v.businessProcess.length > LIMITS.businessProcess) out.push({ key: 'segra.analysis.risk_data.v_too_long', args: { field: 'segra.analysis.fields.business_process', max: LIMITS.businessProcess } });
  const seen = new Set<string>();
  v.actions.forEach((a, i) => {
    if (badCode(a.action)) out.push({ key: 'segra.analysis.risk_data.v_action_code', args: { n: i + 1 } });
    else if (seen.has(a.action)) out.push({ key: 'segra.analysis.risk_data.v_action_twice', args: { action: a.action } });
    seen.add(a.action);
  });
  v.permissions.forEach((p, i) => {
    const n = i + 1;
    // A function without actions is met on its permission lines alone (the shipped ruleset has
    // such functions): their lines carry no action. Otherwise a line belongs to one of the actions.
    if (v.actions.length === 0 ? p.action !== '' : !seen.has(p.action)) out.push({ key: 'segra.analysis.risk_data.v_perm_action', args: { n, action: p.action || '—' } });
    for (const field of ['object', 'field'] as const) {
      if (badCode(p[field])) out.push({ key: 'segra.analysis.risk_data.v_perm_code', args: { n, field: `segra.analysis.risk_data.perm_${field}` } });
    }
    for (const field of ['low', 'high'] as const) {
      if (p[field].length > LIMITS.value) out.push({ key: 'segra.analysis.risk_data.v_perm_value', args: { n, field: `segra.analysis.risk_data.perm_${field}`, max: LIMITS.value } });
    }
  });
  return out;
}

/** The request body: PUT takes the editable fields, POST also the period and the function id. */
export function requestBody(v: FunctionForm, riskPeriodId: string | null): Record<string, unknown> {
  const body = { description: v.description, businessProcess: v.businessProcess, actions: v.actions, permissions: v.permissions };
  return riskPeriodId === null ? body : { riskPeriodId, functionId: v.functionId, ...body };
}
