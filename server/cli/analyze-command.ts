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
import { UsageError } from './usage-error.ts';
import { isSystemId, type Ruleset } from '../../engine/model/ruleset.ts';
import { Progress } from './progress.ts';

/**
 * SEGRA_PHASES=1: each step's wall time on stderr, to measure where `analyze` spends it (issue 12),
 * and the process's CPU time in it (user + system, every thread): on a shared machine the wall
 * time says little, the CPU time still compares two builds.
 */
export function phaseClock(): (name: string) => void {
  if (process.env.SEGRA_PHASES !== '1') return () => {};
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  return (name) => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    process.stderr.write(`phase ${name}: ${((now - last) / 1000).toFixed(2)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)\n`);
    last = now;
    lastCpu = process.cpuUsage();
  };
}

/** Users that AGR_USERS or UST04 assign and USR02 lacks: not analysed, counted in the summary (DESIGN 4.1b). */
export function usersMissingFromUsr02(x: SystemExtract): number {
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

/**
 * The `--system` values: one DIR (today's analysis), or one or more SID=DIR (DESIGN 5.18). A
 * value is SID=DIR when the text before its first `=` is no path (no `/`, `\`, `.`): a folder
 * whose name holds `=` is still one DIR.
 */
export function systemFlags(values: readonly string[]): { sids: boolean; list: { sid: string; dir: string }[] } {
  if (values.length === 0) throw new UsageError('--system is required');
  const list = values.map((v) => {
    const eq = v.indexOf('=');
    const head = eq < 0 ? '' : v.slice(0, eq);
    if (eq < 0 || head === '' || /[/\\.]/.test(head)) return { sid: '', dir: v };
    if (!isSystemId(head)) throw new UsageError(`--system ${v}: "${head}" is not a system id (letters, digits, _ or -, at most 32)`);
    const dir = v.slice(eq + 1);
    if (dir === '') throw new UsageError(`--system ${v}: the folder (or .zip, .xlsx) of system ${head} is missing after =`);
    return { sid: head, dir };
  });
  const named = list.filter((s) => s.sid !== '');
  if (named.length === 0) {
    if (list.length > 1) throw new UsageError('several --system need their SIDs: --system SID=DIR for each');
    if (list[0].dir === '') throw new UsageError('--system is required');
    return { sids: false, list };
  }
  if (named.length < list.length) throw new UsageError(`--system ${list.find((s) => s.sid === '')!.dir}: with several systems each needs its SID (--system SID=DIR)`);
  const seen = new Set<string>();
  for (const s of list) {
    if (seen.has(s.sid)) throw new UsageError(`--system ${s.sid} is given twice: each system once, with its own SID`);
    seen.add(s.sid);
  }
  return { sids: true, list };
}

/** One system without SID (DESIGN 5.18): the ruleset's SYSTEM columns are ignored, and said so (count = rows bound). */
function systemColumnsIgnored(ruleset: Ruleset): InputWarning[] {
  const bound: string[] = [];
  for (const fn of ruleset.functions) {
    for (const a of fn.actions) if (a.system) bound.push(`${fn.id}/${a.action}@${a.system}`);
    for (const l of fn.permissions) if (l.system) bound.push(`${fn.id}/${l.action}/${l.object}@${l.system}`);
  }
  return bound.length === 0 ? [] : [{ code: 'SYSTEM_COLUMN_IGNORED', table: 'RULESET', count: bound.length, examples: [...new Set(bound)].slice(0, 10) }];
}

/** `segra analyze` (DESIGN 11): an extract against a ruleset, no database. */
export async function analyzeCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, {
    system: { type: 'string', multiple: true },
    'user-map': { type: 'string' },
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
  // DESIGN 5.18: `--system SID=DIR` (repeatable) is a cross-system analysis; one `--system DIR` is today's.
  const systems = systemFlags(f.system ?? []);
  const rules = requireFlag(f.rules, 'rules');
  const date = dateFlag(f.date);
  const level = oneOf<AnalysisLevel>(f.level, 'level', ['action', 'permission'], 'permission');
  const mode = oneOf<InstanceMode>(f.mode, 'mode', ['same-instance', 'union'], 'same-instance');
  const format = oneOf(f.format, 'format', ['csv', 'json'] as const, 'csv');
  if (systems.sids) {
    const { analyzeSystems } = await import('./analyze-systems.ts');
    return analyzeSystems({
      systems: systems.list,
      rules,
      userMap: f['user-map'] === undefined ? undefined : requireFlag(f['user-map'], 'user-map'),
      date,
      level,
      mode,
      format,
      includeLocked: Boolean(f['include-locked']),
      includeExpired: Boolean(f['include-expired']),
      client: f.client,
      mitigations: f.mitigations === undefined ? undefined : requireFlag(f.mitigations, 'mitigations'),
      usage: f.usage,
      assumeUsersValid: Boolean(f['assume-users-valid']),
      out: f.out,
    });
  }
  if (f['user-map'] !== undefined) throw new UsageError('--user-map needs the systems named: --system SID=DIR for each');
  const system = systems.list[0].dir;
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
  const warnings: InputWarning[] = [...inputs.warnings, ...systemColumnsIgnored(ruleset)];
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
