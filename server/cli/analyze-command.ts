import { mitigateFindings, mitigationWarnings, prepareAnalysis, usageOfFindings, usageWarnings, type AnalysisResult } from '../../engine/index.ts';
import type { AnalysisLevel, InstanceMode } from '../../engine/model/analysis.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import { compareHolderRows } from '../../engine/analysis/order.ts';
import { csvField, findingsCsvColumns, findingToCsvRow, formatSourcePath } from '../../engine/output/findings-csv.ts';
import { hasOrgLevelRisks } from '../../engine/ruleset/org-fields.ts';
import { warningLine } from '../importers/data-warnings.ts';
import { readMitigations } from '../importers/mitigation-reader.ts';
import { readUsage } from '../importers/usage-reader.ts';
import { extraCsvCells, extraCsvHeader, extraJsonFields, functionUsage, type FindingExtras } from './control-columns.ts';
import { readAnalysisInputs } from './inputs.ts';
import { dateFlag, oneOf, parseFlags, requireFlag } from './options.ts';
import { writeLines } from './output.ts';
import { Progress } from './progress.ts';

/** `segra analyze` (DESIGN 11): an extract against a ruleset, no database. */
export async function analyzeCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, {
    system: { type: 'string' },
    rules: { type: 'string' },
    date: { type: 'string' },
    level: { type: 'string' },
    mode: { type: 'string' },
    'include-locked': { type: 'boolean' },
    'include-expired': { type: 'boolean' },
    client: { type: 'string' },
    mitigations: { type: 'string' },
    usage: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
  });
  const system = requireFlag(f.system, 'system');
  const rules = requireFlag(f.rules, 'rules');
  const date = dateFlag(f.date);
  const level = oneOf<AnalysisLevel>(f.level, 'level', ['action', 'permission'], 'permission');
  const mode = oneOf<InstanceMode>(f.mode, 'mode', ['same-instance', 'union'], 'same-instance');
  const format = oneOf(f.format, 'format', ['csv', 'json'] as const, 'csv');
  const progress = new Progress();
  // The control and usage files are small beside the extract: read first, so a mistake in them
  // costs no extract read, and so the used tcodes' start-check objects are read from AGR_1251.
  const assignments = f.mitigations === undefined ? undefined : await readMitigations(requireFlag(f.mitigations, 'mitigations'));
  const usageRead = f.usage === undefined ? undefined : await readUsage(requireFlag(f.usage, 'usage'), { client: f.client });
  const extraTcodes = usageRead ? usageRead.usage.allUsed() : undefined;
  const inputs = await readAnalysisInputs({ system, rules, client: f.client, level, progress, extraTcodes });
  const { extract, ruleset } = inputs;
  const warnings: InputWarning[] = [...inputs.warnings];
  progress.update('analysing', 0);
  const prepared = prepareAnalysis(extract, ruleset, {
    date,
    level,
    mode,
    includeLocked: Boolean(f['include-locked']),
    includeExpired: Boolean(f['include-expired']),
  });
  const result = prepared.run();
  const extras: FindingExtras = {};
  if (assignments) {
    extras.mitigations = mitigateFindings(prepared, result.findings, assignments);
    warnings.push(...mitigationWarnings(prepared, assignments));
  }
  if (usageRead) {
    extras.usage = usageOfFindings(prepared, result.findings, usageRead.usage);
    warnings.push(...usageRead.warnings, ...usageWarnings(prepared, usageRead.usage));
  }
  progress.done();
  // DESIGN 4.1a: one line per warning (the extract's, then the control and usage files').
  for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
  const csv = () => csvLines(result, hasOrgLevelRisks(ruleset), extras);
  await writeLines(f.out, format === 'csv' ? csv() : [JSON.stringify(toJson(result, extras, warnings), null, 2)]);
  const c = result.counts;
  process.stderr.write(
    `${c.findings} findings; ${c.usersInScope} users analysed, ${c.usersExcluded} excluded (locked, expired or not yet valid), ${c.roles} roles, ${c.profiles} manual profiles\n`,
  );
  return 0;
}

// Columns: the base ones, ORG_VALUES when the ruleset has an org-level risk, then STATUS,CONTROLS
// (--mitigations) and EXECUTION,REMEDIATION (--usage); docs/decisions/2026-11-25-mitigations-and-usage.md.
function* csvLines(result: AnalysisResult, orgValues: boolean, extras: FindingExtras): Iterable<string> {
  yield [...findingsCsvColumns(orgValues), ...extraCsvHeader(extras)].join(',');
  const order = result.findings.map((f, i) => ({ f, i })).sort((a, b) => compareHolderRows(a.f, b.f));
  for (const { f, i } of order) yield [...findingToCsvRow(f, orgValues), ...extraCsvCells(extras, i)].map(csvField).join(',');
}

function toJson(result: AnalysisResult, extras: FindingExtras, warnings: InputWarning[]): unknown {
  return {
    options: result.options,
    counts: result.counts,
    warnings,
    excludedUsers: result.excludedUsers,
    findings: result.findings.map((f, i) => ({
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
    })),
  };
}
