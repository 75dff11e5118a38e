import { analyse, type AnalysisResult } from '../../engine/index.ts';
import type { AnalysisLevel, InstanceMode } from '../../engine/model/analysis.ts';
import { compareHolderRows } from '../../engine/analysis/order.ts';
import { csvField, FINDINGS_CSV_COLUMNS, findingToCsvRow, formatSourcePath } from '../../engine/output/findings-csv.ts';
import { warningLine, type DataWarning } from '../importers/data-warnings.ts';
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
  const { extract, ruleset, warnings } = await readAnalysisInputs({ system, rules, client: f.client, level, progress });
  // DESIGN 4.1a: one line per data-quality warning, before the result.
  for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
  progress.update('analysing', 0);
  const result = analyse(extract, ruleset, {
    date,
    level,
    mode,
    includeLocked: Boolean(f['include-locked']),
    includeExpired: Boolean(f['include-expired']),
  });
  progress.done();
  await writeLines(f.out, format === 'csv' ? csvLines(result) : [JSON.stringify(toJson(result, warnings), null, 2)]);
  const c = result.counts;
  process.stderr.write(
    `${c.findings} findings; ${c.usersInScope} users analysed, ${c.usersExcluded} excluded (locked, expired or not yet valid), ${c.roles} roles, ${c.profiles} manual profiles\n`,
  );
  return 0;
}

function* csvLines(result: AnalysisResult): Iterable<string> {
  yield FINDINGS_CSV_COLUMNS.join(',');
  for (const f of [...result.findings].sort(compareHolderRows)) yield findingToCsvRow(f).map(csvField).join(',');
}

function toJson(result: AnalysisResult, warnings: DataWarning[]): unknown {
  return {
    options: result.options,
    counts: result.counts,
    warnings,
    excludedUsers: result.excludedUsers,
    findings: result.findings.map((f) => ({
      level: f.level,
      id: f.holder,
      riskId: f.riskId,
      riskLevel: f.riskLevel,
      riskType: f.riskType,
      businessProcess: f.businessProcess,
      analysisLevel: f.analysisLevel,
      mode: f.mode,
      accepted: f.accepted,
      functions: f.functions.map((m) => ({
        functionId: m.functionId,
        action: m.action,
        sources: m.sources.map(formatSourcePath),
      })),
    })),
  };
}
