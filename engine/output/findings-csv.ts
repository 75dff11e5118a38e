import type { Finding, FunctionMatch, SourcePath } from '../model/analysis.ts';
import { compareHolderRows } from '../analysis/order.ts';

/** The columns of `segra analyze --format csv` and of the API's CSV export (DESIGN 6, 11). */
export const FINDINGS_CSV_COLUMNS = ['LEVEL', 'ID', 'RISK_ID', 'RISK_LEVEL', 'RISK_TYPE', 'FUNCTIONS', 'SOURCES'] as const;

/** The CSV columns; ORG_VALUES (after SOURCES) only for a ruleset with org-level risks, so other CSVs stay as they were. */
export function findingsCsvColumns(orgValues: boolean, crossSystem = false): string[] {
  const columns: string[] = orgValues ? [...FINDINGS_CSV_COLUMNS, 'ORG_VALUES'] : [...FINDINGS_CSV_COLUMNS];
  // DESIGN 5.18: a cross-system analysis (systems named by SID) adds CROSS_SYSTEM after them.
  if (crossSystem) columns.push('CROSS_SYSTEM');
  return columns;
}

/** CROSS_SYSTEM (DESIGN 5.18): `X` when no single system's user meets the whole risk. */
export function formatCrossSystem(f: Pick<Finding, 'crossSystem'>): string {
  return f.crossSystem ? 'X' : '';
}

/** A function's source path as written: with its system's SID in front in a cross-system analysis (`ERP/R:Z_COMP>R:Z_SINGLE`). */
export function formatMatchPath(m: Pick<FunctionMatch, 'system'>, path: SourcePath, pathText: (path: SourcePath) => string = formatSourcePath): string {
  return m.system === undefined ? pathText(path) : `${m.system}/${pathText(path)}`;
}

const STEP_PREFIX = { role: 'R', profile: 'P', user: 'U' } as const;

/** `R:Z_COMPOSITE>R:Z_SINGLE`: the way a holder reaches a source. */
export function formatSourcePath(path: SourcePath): string {
  return path.map((s) => `${STEP_PREFIX[s.kind]}:${s.name}`).join('>');
}

/** `FN_A:ME21N;FN_B:F110`: each function with the action that met it. */
export function formatFunctions(f: Pick<Finding, 'functions'>): string {
  return f.functions.map((m) => `${m.functionId}:${m.action ?? ''}`).join(';');
}

/**
 * Distinct source paths over all functions of a finding, in first-seen order. `pathText`: how a
 * path is written (a writer of a million rows passes one that keeps each path's text).
 */
export function formatSources(f: Pick<Finding, 'functions'>, pathText: (path: SourcePath) => string = formatSourcePath): string {
  // A finding has a handful of paths: an array is cheaper than a Set for them (a million rows),
  // a Set only once there are many.
  const seen: string[] = [];
  let many: Set<string> | null = null;
  for (const m of f.functions) {
    for (const p of m.sources) {
      const text = formatMatchPath(m, p, pathText);
      if (many ? many.has(text) : seen.includes(text)) continue;
      seen.push(text);
      if (many) many.add(text);
      else if (seen.length > 32) many = new Set(seen);
    }
  }
  return seen.join(';');
}

/**
 * `BUKRS=1000;BUKRS=*`, or for joint fields `BUKRS=1000+WERKS=0001`: each org value at which an
 * org-level finding holds, with its field names; empty for other findings.
 */
export function formatOrgValues(f: Pick<Finding, 'orgFields' | 'orgValues'>): string {
  const fields = f.orgFields ?? [];
  if (fields.length === 0) return '';
  return (f.orgValues ?? [])
    .map((v) => {
      const parts = fields.length === 1 ? [v] : v.split('+');
      return fields.map((field, i) => `${field}=${parts[i] ?? ''}`).join('+');
    })
    .join(';');
}

/** A finding's ORG_VALUES items (`BUKRS=1000`), as the CSV's cell and the stored findings have them. */
export function orgValueItems(f: Finding): string[] {
  const text = formatOrgValues(f);
  return text === '' ? [] : text.split(';');
}

/** RFC 4180 quoting: only when the value needs it (a comma, a quote, a line break, or a blank at either end). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) || blankEnds(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Whether the text starts or ends with what `\s` matches (looked at by code, not a regular expression: a million rows). */
export function blankEnds(text: string): boolean {
  return text.length > 0 && (isBlank(text.charCodeAt(0)) || isBlank(text.charCodeAt(text.length - 1)));
}

function isBlank(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

export function findingToCsvRow(f: Finding, orgValues = false, crossSystem = false): string[] {
  const row = [f.level, f.holder, f.riskId, f.riskLevel, f.riskType, formatFunctions(f), formatSources(f)];
  if (orgValues) row.push(formatOrgValues(f));
  if (crossSystem) row.push(formatCrossSystem(f));
  return row;
}

/** The findings as CSV text, header first, rows sorted by LEVEL, ID, RISK_ID; ORG_VALUES and CROSS_SYSTEM when asked. */
export function findingsToCsv(findings: readonly Finding[], options: { orgValues?: boolean; crossSystem?: boolean } = {}): string {
  const rows = [...findings].sort(compareHolderRows);
  const withOrg = options.orgValues ?? false;
  const cross = options.crossSystem ?? false;
  const lines = [findingsCsvColumns(withOrg, cross).join(',')];
  for (const f of rows) lines.push(findingToCsvRow(f, withOrg, cross).map(csvField).join(','));
  return lines.join('\n') + '\n';
}
