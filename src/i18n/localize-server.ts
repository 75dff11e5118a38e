/**
 * The server's English messages in the UI's language (issue 15 item 7, decision
 * docs/decisions/2026-11-25-server-messages-by-code.md). A rule names the catalogue key of a
 * message and the values it carries (an id, a file name, a count); a message no rule knows is
 * shown as its code's text, never in English.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Rule {
  pattern: RegExp;
  key: string;
  /** Names of the pattern's groups, in order, as the message's params. */
  params?: string[];
}

const rule = (pattern: RegExp, key: string, ...params: string[]): Rule => ({ pattern, key, params });

/** API messages (`{ message, code }`), first match wins. */
export const SERVER_RULES: readonly Rule[] = [
  rule(/^The import failed because of an error on the server/, 'segra.server.import_failed'),
  rule(/^The import was canceled$/, 'segra.server.import_canceled'),
  rule(/^The process running (?:this analysis|this import|the basis checks) stopped|^The server stopped while the basis checks ran/, 'segra.server.process_stopped'),
  rule(/^The run could not be enqueued/, 'segra.errors.code.NO_QUEUE'),
  rule(/^The risk period has no risks$/, 'segra.server.no_risks'),
  rule(/has no imported (?:data|ruleset); upload/, 'segra.errors.code.PERIOD_EMPTY'),
  rule(/^The system period has no imported data$/, 'segra.errors.code.PERIOD_NOT_READY'),
  rule(/^The period was imported again meanwhile/, 'segra.errors.code.PERIOD_CHANGED'),
  rule(/^The system period has no usage table/, 'segra.server.no_usage_table'),
];

/** Field messages (`errors: { field: message }`): what is wrong, the form names the field. */
const FIELD_RULES: readonly Rule[] = [
  rule(/ is required$| are required$/, 'segra.server.field.required'),
  rule(/ is too long$/, 'segra.server.field.too_long'),
  rule(/must be a date YYYY-MM-DD$/, 'segra.server.field.date'),
  rule(/control character/, 'segra.server.control_character'),
  rule(/^The system does not exist in this customer$/, 'segra.server.field.unknown_system'),
];

/** Import problems (the reader's InputError, without its place). */
export const IMPORT_RULES: readonly Rule[] = [
  // DESIGN 4.1b (issue 29); the USR02 rule before the general missing-table one.
  rule(/^the mandatory table USR02 is missing \(the user master\)/, 'segra.import.no_user_master'),
  rule(/^is not an SAP table name and its header holds the required columns of no table/, 'segra.import.table_by_header_none'),
  rule(/^is not an SAP table name and its header fits several tables equally \(([^)]*)\)/, 'segra.import.table_by_header_two', 'tables'),
  rule(/^the holder is missing from the header/, 'segra.import.mitigation_holder'),
  rule(/^names both a user and a role/, 'segra.import.mitigation_two_holders'),
  rule(/^risk (\S+) has .* on line (\d+) and .* here; give one value per risk$/, 'segra.import.pair_conflict', 'risk', 'line'),
  rule(/^expected a month YYYYMM, YYYY-MM or mm\.yyyy, got (.*)$/, 'segra.import.bad_month', 'value'),
  rule(/^expected at least one transaction code/, 'segra.import.no_tcode'),
  rule(/^expected (\d+) (?:fields as in the header|columns between \| as in the header), got (\d+)$/, 'segra.import.field_count', 'expected', 'got'),
  rule(/^expected (\d+) fields as in the header, got a value in column (\d+)$/, 'segra.import.extra_value', 'expected', 'column'),
  rule(/^the required column (\S+) is missing from the header/, 'segra.import.missing_column', 'column'),
  rule(/^column (\S+) appears twice in the header$/, 'segra.import.duplicate_column', 'column'),
  rule(/^expected a date .*got (.*)$/, 'segra.import.bad_date', 'value'),
  rule(/^the (?:file|sheet) is empty|^holds no table/, 'segra.import.empty_file'),
  rule(/^unsupported file type/, 'segra.import.unsupported_type'),
  rule(/^not a (?:readable )?zip archive/, 'segra.import.not_zip'),
  rule(/^not a readable xlsx workbook/, 'segra.import.not_xlsx'),
  rule(/^cannot (?:be )?read/, 'segra.import.unreadable'),
  rule(/^the zip archive ends in the middle/, 'segra.import.zip_truncated'),
  rule(/^cannot be decompressed|^inflates past|refused as a damaged or hostile archive/, 'segra.import.zip_damaged'),
  rule(/^(?:table|the GRC) (\S+)(?: file)? is given twice/, 'segra.import.table_twice', 'table'),
  rule(/^the mandatory table (\S+) is missing/, 'segra.import.missing_table', 'table'),
  rule(/^the ruleset table (\S+) is missing/, 'segra.import.missing_ruleset_table', 'table'),
  rule(/^the ruleset tables (\S+) and \S+ are both missing/, 'segra.import.missing_ruleset_table', 'table'),
  rule(/^no ruleset found|^more than one table looks like a flat ruleset|^the GRC rule download has no/, 'segra.import.no_ruleset'),
  rule(/^a control character \(U\+(\w+)\)/, 'segra.import.control_char', 'code'),
  rule(/not valid UTF-8/, 'segra.import.not_utf8'),
  rule(/^the extract holds several clients \(MANDT ([^)]*)\)/, 'segra.import.several_clients', 'clients'),
  rule(/^no user of client (\S+) in USR02/, 'segra.import.no_client_users', 'client'),
  rule(/^not valid JSON|\(a JSON ruleset is \{/, 'segra.import.bad_json'),
  rule(/^a GRC .+ line needs .+ separated by tabs; got (\d+) field/, 'segra.import.grc_line', 'got'),
  rule(/^a JSON ruleset comes alone/, 'segra.import.json_alone'),
  rule(/^unknown function (\S+):/, 'segra.import.unknown_function', 'id'),
  rule(/^expected USER or ROLE, got (.*)$/, 'segra.import.user_or_role', 'value'),
  rule(/^expected a whole number of runs, got (.*)$/, 'segra.import.whole_number', 'value'),
  rule(/^the authorisation name \(AUTH\) is empty/, 'segra.import.auth_empty'),
  rule(/ is empty$|, got an empty value$|^expected a non-empty name$/, 'segra.import.empty_value'),
  rule(/^expected an integer, got (.*)$/, 'segra.import.integer_got', 'value'),
  rule(/^expected an integer$/, 'segra.import.integer'),
  rule(/^expected X, Y, 1, true \(active\).*, got (.*)$/, 'segra.import.active_flag', 'value'),
  rule(/^expected a risk level .*, got (.*)$/, 'segra.import.risk_level', 'value'),
  rule(/^expected a risk type .*, got (.*)$/, 'segra.import.risk_type', 'value'),
  rule(/^expected an operator .*, got (.*)$/, 'segra.import.operator', 'value'),
  rule(/^expected org-level field names/, 'segra.import.org_fields'),
  rule(/^expected .*, got (.*)$/, 'segra.import.unexpected_value', 'value'),
];

export interface Matched {
  key: string;
  params: Record<string, string>;
}

export function matchRule(rules: readonly Rule[], text: string): Matched | null {
  for (const r of rules) {
    const m = r.pattern.exec(text);
    if (!m) continue;
    const params: Record<string, string> = {};
    (r.params ?? []).forEach((name, i) => {
      params[name] = m[i + 1] ?? '';
    });
    return { key: r.key, params };
  }
  return null;
}

/** The server message in the UI's language, or null when no rule knows it. */
export function localizeServerMessage(message: string | undefined, translate: Translate): string | null {
  if (!message) return null;
  const m = matchRule(SERVER_RULES, message.trim());
  return m ? translate(m.key, m.params) : null;
}

/** A field message in the UI's language (unknown ones: "the value is not valid"). */
export function localizeFieldMessage(message: string, translate: Translate): string {
  const m = matchRule(FIELD_RULES, message) ?? matchRule(SERVER_RULES, message);
  return translate(m ? m.key : 'segra.server.field.invalid', m?.params ?? {});
}

/**
 * An API error body as one text in the UI's language: the message's own text when a rule knows
 * it, otherwise the code's catalogue text, otherwise null (the caller's context message).
 */
export function localizeApiError(body: { code?: string; message?: string; params?: Record<string, unknown> } | undefined, translate: Translate): string | null {
  // A code with params is worded from them alone (DESIGN 6), whatever the English message says.
  if (body?.code && body.params) {
    const key = `segra.errors.code.${body.code}`;
    const text = translate(key, { ...body.params, _: '' });
    if (text && text !== key) return text;
  }
  const own = localizeServerMessage(body?.message, translate);
  if (own) return own;
  if (body?.code) {
    const key = `segra.errors.code.${body.code}`;
    const text = translate(key, { _: '' });
    if (text && text !== key) return text;
  }
  return null;
}

/** The import problem alone in the UI's language. */
export function localizeImportProblem(problem: string, translate: Translate): string {
  const m = matchRule(IMPORT_RULES, problem.trim()) ?? matchRule(SERVER_RULES, problem.trim());
  return translate(m ? m.key : 'segra.import.invalid_value', m?.params ?? {});
}

/**
 * A problem the reader gave a code with params (a bound passed: CELL_TOO_LONG, RULESET_TOO_MANY_…)
 * worded from them alone by `segra.import.code.<CODE>`, whatever the English says (DESIGN 6).
 */
function codedImportProblem(error: { code?: unknown; params?: unknown }, translate: Translate): string | null {
  if (typeof error.code !== 'string' || typeof error.params !== 'object' || error.params === null) return null;
  const key = `segra.import.code.${error.code}`;
  const text = translate(key, { ...(error.params as Record<string, unknown>), _: '' });
  return text && text !== key ? text : null;
}

/** The place of an import error as the server writes it before the problem ("F line 3, column X"). */
function placeText(file: string, line?: unknown, column?: unknown): string {
  let at = file;
  if (line !== undefined && line !== null) at += ` line ${String(line)}`;
  if (column !== undefined && column !== null && column !== '') at += `${line !== undefined && line !== null ? ',' : ''} column ${String(column)}`;
  return at;
}

/**
 * A failed import's record (`{ message, code, file, line, column }`) in the UI's language: the
 * place in words of the language, then the problem; a server failure says so by its rule.
 */
export function localizeImportError(
  error: { message?: unknown; code?: unknown; params?: unknown; file?: unknown; line?: unknown; column?: unknown },
  translate: Translate,
): string {
  const message = typeof error.message === 'string' ? error.message : '';
  const own = localizeServerMessage(message, translate);
  if (own && typeof error.file !== 'string') return own;
  if (typeof error.file !== 'string' || error.file === '') {
    if (own) return own;
    const byCode = typeof error.code === 'string' ? translate(`segra.errors.code.${error.code}`, { _: '' }) : '';
    return byCode || localizeImportProblem(message, translate);
  }
  const prefix = `${placeText(error.file, error.line, error.column)}: `;
  const problem = message.startsWith(prefix) ? message.slice(prefix.length) : message.replace(/^[^:]*:\s*/, '');
  const hasLine = error.line !== undefined && error.line !== null;
  const hasColumn = error.column !== undefined && error.column !== null && error.column !== '';
  const at = hasLine && hasColumn ? 'at_line_column' : hasLine ? 'at_line' : hasColumn ? 'at_column' : 'at';
  return translate(`segra.import.${at}`, {
    file: error.file,
    line: String(error.line ?? ''),
    column: String(error.column ?? ''),
    problem: codedImportProblem(error, translate) ?? localizeImportProblem(problem, translate),
  });
}

/**
 * A failed job's `error` (an import record or an analysis's text) in the UI's language, null
 * when there is none; a reason no rule knows is shown as the job's generic failure.
 */
export function jobErrorText(error: unknown, translate: Translate, fallbackKey = 'segra.server.job_failed'): string | null {
  if (error === null || error === undefined || error === '') return null;
  if (typeof error === 'object') return localizeImportError(error as Record<string, unknown>, translate);
  const text = String(error);
  const own = localizeServerMessage(text, translate);
  if (own) return own;
  // A reader's error as text: "FILE line N, column C: problem".
  const placed = /^(.+?) line (\d+)(?:, column ([^:]+))?: (.+)$/.exec(text);
  if (placed) return localizeImportError({ message: text, file: placed[1], line: Number(placed[2]), column: placed[3] }, translate);
  return translate(fallbackKey);
}
