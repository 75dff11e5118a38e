/**
 * The lines `segra analyze` writes (DESIGN 11), made one finding at a time so that a million
 * findings never become one giant string or a second array (issue 12): the CSV rows, and the
 * JSON document, byte for byte what `JSON.stringify(document, null, 2)` gives.
 *
 * The findings of a run come sorted (PreparedAnalysis.runPart) and a holder's findings share
 * their function matches, so the text of a match (its function and action, its source paths)
 * is made once per match, and the quoting of a value once per distinct value in a row.
 */
import type { AnalysisResult, Finding, FunctionMatch } from '../../engine/model/analysis.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import { compareHolderRows } from '../../engine/analysis/order.ts';
import { csvField, findingsCsvColumns, formatOrgValues, formatSourcePath } from '../../engine/output/findings-csv.ts';
import { extraCsvCells, extraCsvHeader, extraJsonFields, functionUsage, type FindingExtras } from './control-columns.ts';

/** Whether findings are in the CSV's order already (then no sorted copy is made). */
function sorted(findings: readonly Finding[]): boolean {
  for (let i = 1; i < findings.length; i++) if (compareHolderRows(findings[i - 1], findings[i]) > 0) return false;
  return true;
}

/** The finding indexes in the CSV's order (LEVEL, ID, RISK_ID; stable). */
function csvOrder(findings: readonly Finding[]): Iterable<number> {
  if (sorted(findings)) return findings.keys();
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => compareHolderRows(a.f, b.f))
    .map((x) => x.i);
}

/** csvField, remembered for the values a column repeats (levels, holders, risk ids). */
class QuotedValues {
  private readonly known = new Map<string, string>();
  get(value: string): string {
    let q = this.known.get(value);
    if (q === undefined) {
      q = csvField(value);
      if (this.known.size < 100_000) this.known.set(value, q);
    }
    return q;
  }
}

/**
 * The CSV lines: header, then one row per finding. Columns: the base ones, ORG_VALUES when the
 * ruleset has an org-level risk, then the extras' (docs/decisions/2026-11-25-mitigations-and-usage.md).
 */
export function* findingsCsvLines(result: AnalysisResult, orgValues: boolean, extras: FindingExtras): Iterable<string> {
  yield [...findingsCsvColumns(orgValues), ...extraCsvHeader(extras)].join(',');
  const findings = result.findings;
  const row = csvRow(orgValues, extras);
  for (const i of csvOrder(findings)) yield row(findings[i], i);
}

/** What quoting leaves alone inside a cell: no quote, comma or line break (csvField). */
const PLAIN_INSIDE = /^[^",\r\n]*$/;

/** A function match's text and source paths, each known to need no quotes inside a cell (or not). */
interface MatchText {
  fn: string;
  fnPlain: boolean;
  paths: string[];
  pathsPlain: boolean;
}

/** csvField of parts joined by `;`, the parts' quoting need known: only the ends are looked at. */
function joinedCell(parts: readonly string[], plain: boolean): string {
  const text = parts.join(';');
  if (!plain || text.length === 0) return csvField(text);
  const a = text.charCodeAt(0);
  const b = text.charCodeAt(text.length - 1);
  // Only a blank at either end still asks for quotes; every blank \\s knows is <= 32 or >= U+00A0.
  return (a <= 32 || a >= 0xa0 || b <= 32 || b >= 0xa0) && /^\s|\s$/.test(text) ? csvField(text) : text;
}

/**
 * The CSV lines of findings that come in the CSV's order already (PreparedAnalysis.sortedFindings),
 * without extras: each row is written as its finding is made, none is kept. A holder's cells and a
 * risk's cells are quoted once, a match's texts once (issue 12: a million rows on LD).
 */
export function* sortedFindingsCsvLines(findings: Iterable<Finding>, orgValues: boolean): Iterable<string> {
  yield findingsCsvColumns(orgValues).join(',');
  // By risk id (the ruleset's own strings, their hashes kept); level and type checked as they come.
  const riskCells = new Map<string, { level: string; type: string; cells: string }>();
  // A holder's matches are its own: the texts are kept for one holder at a time.
  const matchTexts = new Map<FunctionMatch, MatchText>();
  const textOf = (m: FunctionMatch): MatchText => {
    let t = matchTexts.get(m);
    if (!t) {
      const fn = `${m.functionId}:${m.action ?? ''}`;
      const paths = m.sources.map(formatSourcePath);
      t = { fn, fnPlain: PLAIN_INSIDE.test(fn), paths, pathsPlain: paths.every((p) => PLAIN_INSIDE.test(p)) };
      matchTexts.set(m, t);
    }
    return t;
  };
  let level = '';
  let holder = '';
  let holderCells = '';
  const fns: string[] = [];
  const sources: string[] = [];
  for (const f of findings) {
    if (f.holder !== holder || f.level !== level) {
      level = f.level;
      holder = f.holder;
      holderCells = `${csvField(level)},${csvField(holder)},`;
      matchTexts.clear();
    }
    let risk = riskCells.get(f.riskId);
    if (risk === undefined || risk.level !== f.riskLevel || risk.type !== f.riskType) {
      risk = { level: f.riskLevel, type: f.riskType, cells: `${csvField(f.riskId)},${csvField(f.riskLevel)},${csvField(f.riskType)},` };
      riskCells.set(f.riskId, risk);
    }
    fns.length = 0;
    sources.length = 0;
    let fnPlain = true;
    let pathsPlain = true;
    // Distinct source paths over all functions of a finding, in first-seen order (formatSources).
    for (const m of f.functions) {
      const t = textOf(m);
      fns.push(t.fn);
      fnPlain &&= t.fnPlain;
      pathsPlain &&= t.pathsPlain;
      for (const p of t.paths) if (!sources.includes(p)) sources.push(p);
    }
    let line = `${holderCells}${risk.cells}${joinedCell(fns, fnPlain)},${joinedCell(sources, pathsPlain)}`;
    if (orgValues) line += `,${csvField(formatOrgValues(f))}`;
    yield line;
  }
}

/** Makes one finding's CSV row (`i`: its index in the extras' lists). */
function csvRow(orgValues: boolean, extras: FindingExtras): (f: Finding, i: number) => string {
  const plain = new QuotedValues();
  const matchTexts = new WeakMap<FunctionMatch, { fn: string; paths: string[] }>();
  const textOf = (m: FunctionMatch): { fn: string; paths: string[] } => {
    let t = matchTexts.get(m);
    if (!t) matchTexts.set(m, (t = { fn: `${m.functionId}:${m.action ?? ''}`, paths: m.sources.map(formatSourcePath) }));
    return t;
  };
  const hasExtras = extras.mitigations !== undefined || extras.usage !== undefined;
  return (f, i) => {
    const fns: string[] = [];
    // Distinct source paths over all functions of a finding, in first-seen order (formatSources).
    const seen = new Set<string>();
    for (const m of f.functions) {
      const t = textOf(m);
      fns.push(t.fn);
      for (const p of t.paths) seen.add(p);
    }
    let line = `${plain.get(f.level)},${plain.get(f.holder)},${plain.get(f.riskId)},${plain.get(f.riskLevel)},${plain.get(f.riskType)},${csvField(fns.join(';'))},${csvField([...seen].join(';'))}`;
    if (orgValues) line += `,${csvField(formatOrgValues(f))}`;
    if (hasExtras) for (const cell of extraCsvCells(extras, i)) line += `,${csvField(cell)}`;
    return line;
  };
}

/** One finding as the JSON document lists it. */
function findingJson(f: Finding, i: number, extras: FindingExtras): unknown {
  return {
    level: f.level,
    id: f.holder,
    riskId: f.riskId,
    riskLevel: f.riskLevel,
    riskType: f.riskType,
    businessProcess: f.businessProcess,
    analysisLevel: f.analysisLevel,
    mode: f.mode,
    accepted: f.accepted,
    ...(f.orgFields && f.orgFields.length > 0 ? { orgFields: f.orgFields, orgValues: f.orgValues ?? [] } : {}),
    ...extraJsonFields(extras, i),
    functions: f.functions.map((m) => ({
      functionId: m.functionId,
      action: m.action,
      sources: m.sources.map(formatSourcePath),
      permissions: m.permissions ?? [],
      ...functionUsage(extras, i, m.functionId),
    })),
  };
}

/**
 * The JSON document `{ options, counts, warnings, excludedUsers, findings }` in lines: joined
 * with line breaks they are `JSON.stringify(document, null, 2)`, each finding stringified alone.
 */
export function* findingsJsonLines(result: AnalysisResult, extras: FindingExtras, warnings: InputWarning[]): Iterable<string> {
  const head = JSON.stringify(
    { options: result.options, counts: result.counts, warnings, excludedUsers: result.excludedUsers, findings: [] },
    null,
    2,
  );
  const n = result.findings.length;
  if (n === 0) {
    yield head;
    return;
  }
  // `  "findings": []\n}`: the array is opened, filled, and closed here.
  yield head.slice(0, head.lastIndexOf('[') + 1);
  for (let i = 0; i < n; i++) {
    // A JSON text holds no raw line break inside a string: every line break is indentation.
    const text = JSON.stringify(findingJson(result.findings[i], i, extras), null, 2).replace(/\n/g, '\n    ');
    yield `    ${text}${i < n - 1 ? ',' : ''}`;
  }
  yield '  ]';
  yield '}';
}
