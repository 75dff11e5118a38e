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
import { csvField, findingsCsvColumns, formatCrossSystem, formatMatchPath, formatOrgValues } from '../../engine/output/findings-csv.ts';
import type { SystemsResult } from '../../engine/cross-system/analyse-systems.ts';
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
export function* findingsCsvLines(result: AnalysisResult, orgValues: boolean, extras: FindingExtras, crossSystem = false): Iterable<string> {
  yield [...findingsCsvColumns(orgValues, crossSystem), ...extraCsvHeader(extras)].join(',');
  const findings = result.findings;
  const row = csvRow(orgValues, extras, crossSystem);
  for (const i of csvOrder(findings)) yield row(findings[i], i);
}

/**
 * The CSV lines of findings that come in the CSV's order one at a time, never kept together (a
 * cross-system analysis without controls: DESIGN 5.18): header, then one row per finding.
 */
export function* sortedFindingsCsvLines(findings: Iterable<Finding>, orgValues: boolean, crossSystem: boolean): Iterable<string> {
  yield findingsCsvColumns(orgValues, crossSystem).join(',');
  const row = csvRow(orgValues, {}, crossSystem);
  let previous: Finding | undefined;
  let i = 0;
  for (const f of findings) {
    // The order is the engine's promise; a break of it would write a CSV out of order in silence.
    if (previous && compareHolderRows(previous, f) > 0) throw new Error('findings out of the CSV order');
    yield row(f, i++);
    previous = f;
  }
}

/** Makes one finding's CSV row (`i`: its index in the extras' lists). */
function csvRow(orgValues: boolean, extras: FindingExtras, crossSystem: boolean): (f: Finding, i: number) => string {
  const plain = new QuotedValues();
  const matchTexts = new WeakMap<FunctionMatch, { fn: string; paths: string[] }>();
  const textOf = (m: FunctionMatch): { fn: string; paths: string[] } => {
    let t = matchTexts.get(m);
    if (!t) matchTexts.set(m, (t = { fn: `${m.functionId}:${m.action ?? ''}`, paths: m.sources.map((p) => formatMatchPath(m, p)) }));
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
    if (crossSystem) line += `,${formatCrossSystem(f)}`;
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
    // DESIGN 5.18: only in a cross-system analysis.
    ...(f.crossSystem === undefined ? {} : { crossSystem: f.crossSystem }),
    ...extraJsonFields(extras, i),
    functions: f.functions.map((m) => ({
      functionId: m.functionId,
      action: m.action,
      ...(m.system === undefined ? {} : { system: m.system }),
      ...(m.user === undefined ? {} : { user: m.user }),
      ...(m.systems === undefined ? {} : { systems: m.systems }),
      sources: m.sources.map((p) => formatMatchPath(m, p)),
      permissions: m.permissions ?? [],
      ...functionUsage(extras, i, m.functionId),
    })),
  };
}

/**
 * The JSON document `{ options, counts, warnings, excludedUsers, findings }` in lines: joined
 * with line breaks they are `JSON.stringify(document, null, 2)`, each finding stringified alone.
 */
export function* findingsJsonLines(result: AnalysisResult & Partial<Pick<SystemsResult, 'systems' | 'persons'>>, extras: FindingExtras, warnings: InputWarning[]): Iterable<string> {
  // A cross-system analysis (DESIGN 5.18) also says each system's counts and how many persons.
  const systems = result.systems === undefined ? {} : { systems: result.systems, persons: result.persons };
  const head = JSON.stringify(
    { options: result.options, counts: result.counts, ...systems, warnings, excludedUsers: result.excludedUsers, findings: [] },
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
