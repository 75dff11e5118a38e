import v8 from 'node:v8';
import { mitigateFindings, mitigationWarnings, prepareAnalysis, usageOfFindings, usageWarnings } from '../../engine/index.ts';
import { scopeUsers } from '../../engine/analysis/scope.ts';
import type { AnalysisLevel, AnalysisResult, InstanceMode } from '../../engine/model/analysis.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import { hasOrgLevelRisks } from '../../engine/ruleset/org-fields.ts';
import { warningLine } from '../importers/data-warnings.ts';
import { preferReadThreads } from '../importers/csv-bytes-half.ts';
import { readMitigations } from '../importers/mitigation-reader.ts';
import { DEFAULT_USAGE_WINDOW_DAYS, readUsage } from '../importers/usage-reader.ts';
import type { FindingExtras } from './control-columns.ts';
import { findingsCsvLines, findingsJsonLines } from './findings-output.ts';
import { writeSortedFindingsCsv } from './findings-csv-stream.ts';
import { readAnalysisInputs } from './inputs.ts';
import { dateFlag, daysFlag, oneOf, parseFlags, requireFlag } from './options.ts';
import { ChunkedOutput, writeLines } from './output.ts';
import { Progress } from './progress.ts';

/** SEGRA_PHASES=1: each step's wall time on stderr, to measure where `analyze` spends it (issue 12). */
function phaseClock(): (name: string) => void {
  if (process.env.SEGRA_PHASES !== '1') return () => {};
  let last = performance.now();
  return (name) => {
    const now = performance.now();
    process.stderr.write(`phase ${name}: ${((now - last) / 1000).toFixed(2)} s\n`);
    last = now;
  };
}

/** Users that AGR_USERS or UST04 assign and USR02 lacks: not analysed, counted in the summary (DESIGN 4.1b). */
function usersMissingFromUsr02(x: SystemExtract): number {
  const known = new Set(x.users.map((u) => u.bname));
  const missing = new Set<string>();
  for (const a of x.roleAssignments) if (a.user !== '' && !known.has(a.user)) missing.add(a.user);
  for (const p of x.userProfiles) if (p.user !== '' && !known.has(p.user)) missing.add(p.user);
  return missing.size;
}

/** The closing line on stderr. */
function summary(c: Pick<AnalysisResult['counts'], 'findings' | 'usersInScope' | 'usersExcluded' | 'roles' | 'profiles'>, missing: number): void {
  const notInUsr02 = missing > 0 ? `, ${missing} assigned but missing from USR02 (not analysed)` : '';
  process.stderr.write(
    `${c.findings} findings; ${c.usersInScope} users analysed, ${c.usersExcluded} excluded (locked, expired or not yet valid)${notInUsr02}, ${c.roles} roles, ${c.profiles} manual profiles\n`,
  );
}

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
    'usage-window': { type: 'string' },
    'assume-users-valid': { type: 'boolean' },
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
  const phase = phaseClock();
  // Issue 12, both cores: AGR_1251 is split in a second thread while this one maps its rows.
  preferReadThreads();
  // A major GC lets the heap grow to about twice what it kept (V8 picks up to 4×, as the
  // mapping allocates fast): measured on LD with the thread, peak RSS 886 → 762 MB at the same CPU.
  v8.setFlagsFromString('--heap-growing-percent=100');
  // The control and usage files are small beside the extract: read first, so a mistake in them
  // costs no extract read, and so the used tcodes' start-check objects are read from AGR_1251.
  const mitigationsRead = f.mitigations === undefined ? undefined : await readMitigations(requireFlag(f.mitigations, 'mitigations'));
  const assignments = mitigationsRead?.assignments;
  const usageWindowDays = f['usage-window'] === undefined ? DEFAULT_USAGE_WINDOW_DAYS : daysFlag(f['usage-window'], 'usage-window');
  const usageRead =
    f.usage === undefined ? undefined : await readUsage(requireFlag(f.usage, 'usage'), { client: f.client, window: { date, days: usageWindowDays } });
  const extraTcodes = usageRead ? usageRead.usage.allUsed() : undefined;
  const inputs = await readAnalysisInputs({ system, rules, client: f.client, level, progress, extraTcodes, assumeUsersValid: Boolean(f['assume-users-valid']) });
  const { extract, ruleset } = inputs;
  phase('read');
  const warnings: InputWarning[] = [...inputs.warnings];
  progress.update('analysing', 0);
  const prepared = prepareAnalysis(extract, ruleset, {
    date,
    level,
    mode,
    includeLocked: Boolean(f['include-locked']),
    includeExpired: Boolean(f['include-expired']),
  });
  // The AGR_1251 rows are in the prepared instances now; only a usage evaluation reads them
  // again. Let them go before the findings take their place (issue 12: under 1 GiB on L).
  if (!usageRead) {
    extract.roleAuthorisations = [];
    extract.roleAuthorisationColumns = undefined;
  }
  phase('prepare');
  if (format === 'csv' && !assignments && !usageRead) {
    // Nothing needs the findings together: each is written as it is made, none is kept (issue 12).
    progress.done();
    for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
    const output = new ChunkedOutput(f.out);
    const findings = await writeSortedFindingsCsv(output, prepared.sortedHolderRisks(), prepared.compiled.risks, hasOrgLevelRisks(ruleset));
    await output.end();
    phase('findings');
    const { inScope, excluded } = scopeUsers(extract.users, prepared.options);
    summary({ findings, usersInScope: inScope.length, usersExcluded: excluded.length, roles: prepared.landscape.roles.length, profiles: prepared.landscape.manualProfiles.length }, usersMissingFromUsr02(extract));
    return 0;
  }
  const result = prepared.run();
  const extras: FindingExtras = {};
  if (assignments) {
    extras.mitigations = mitigateFindings(prepared, result.findings, assignments);
    warnings.push(...mitigationsRead!.warnings, ...mitigationWarnings(prepared, assignments));
  }
  if (usageRead) {
    extras.usage = usageOfFindings(prepared, result.findings, usageRead.usage);
    warnings.push(...usageRead.warnings, ...usageWarnings(prepared, usageRead.usage));
  }
  progress.done();
  // DESIGN 4.1a: one line per warning (the extract's, then the control and usage files').
  for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
  await writeLines(
    f.out,
    format === 'csv' ? findingsCsvLines(result, hasOrgLevelRisks(ruleset), extras) : findingsJsonLines(result, extras, warnings),
  );
  summary(result.counts, usersMissingFromUsr02(extract));
  return 0;
}
