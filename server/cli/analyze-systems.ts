/**
 * `segra analyze --system SID=DIR --system SID=DIR … [--user-map FILE]` (DESIGN 5.18, 11): one
 * ruleset over several systems of one customer. The CSV has CROSS_SYSTEM after SOURCES (after
 * ORG_VALUES when present) and before the extras; IDs of roles and profiles are `SID/NAME`,
 * user-level IDs are persons, source paths start with `SID/`. Each system's read warnings name
 * their table as `SID/TABLE`.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import type { AnalysisLevel, InstanceMode } from '../../engine/model/analysis.ts';
import type { InputWarning } from '../../engine/model/controls.ts';
import type { Date8 } from '../../engine/model/dates.ts';
import { prepareSystem, prepareSystems, type PreparedSystemInput, type SystemInput, type SystemSummary, type UserMapping } from '../../engine/cross-system/analyse-systems.ts';
import { systemsWarnings } from '../../engine/cross-system/systems-warnings.ts';
import { mitigateSystemFindings, systemsMitigationWarnings } from '../../engine/cross-system/systems-mitigation.ts';
import { hasOrgLevelRisks } from '../../engine/ruleset/org-fields.ts';
import type { DataWarning } from '../importers/data-warnings.ts';
import { warningLine } from '../importers/data-warnings.ts';
import { preferReadThreads } from '../importers/csv-bytes-half.ts';
import { readSystemExtract } from '../importers/extract-reader.ts';
import { InputError } from '../importers/input-error.ts';
import { readMitigations } from '../importers/mitigation-reader.ts';
import { readRulesetAndWarnings } from '../importers/ruleset-reader.ts';
import { readUserMap } from '../importers/user-map-reader.ts';
import { phaseClock, usersMissingFromUsr02 } from './analyze-command.ts';
import type { FindingExtras } from './control-columns.ts';
import { findingsCsvLines, findingsJsonLines, sortedFindingsCsvLines } from './findings-output.ts';
import { objectsNeeded } from './inputs.ts';
import { writeLines } from './output.ts';
import { Progress } from './progress.ts';
import { UsageError } from './usage-error.ts';

export interface SystemsCommand {
  systems: { sid: string; dir: string }[];
  rules: string;
  userMap?: string;
  date: Date8;
  level: AnalysisLevel;
  mode: InstanceMode;
  format: 'csv' | 'json';
  includeLocked: boolean;
  includeExpired: boolean;
  client?: string;
  mitigations?: string;
  usage?: string;
  assumeUsersValid: boolean;
  out?: string;
}

export async function analyzeSystems(c: SystemsCommand): Promise<number> {
  // Usage and remediation stay per system for now (issue 32): refused rather than half done.
  if (c.usage !== undefined) throw new UsageError('--usage is not available with systems named SID=DIR yet: analyse usage one system at a time (--system DIR)');
  const phase = phaseClock();
  preferReadThreads();
  v8.setFlagsFromString('--heap-growing-percent=100');
  // The small files first: a mistake in them costs no extract read.
  const userMap = c.userMap === undefined ? undefined : await readUserMap(c.userMap);
  const mitigationsRead = c.mitigations === undefined ? undefined : await readMitigations(c.mitigations);
  for (const s of c.systems) {
    if (!fs.existsSync(s.dir)) throw new InputError(`system ${s.sid}: no such folder or file (expected an extract folder, .zip or .xlsx)`, { file: s.dir });
  }
  const read = await readRulesetAndWarnings(c.rules);
  const ruleset = read.ruleset;
  const warnings: InputWarning[] = [...read.warnings, ...(userMap?.warnings ?? [])];
  const progress = new Progress();
  const options = { date: c.date, level: c.level, mode: c.mode, includeLocked: c.includeLocked, includeExpired: c.includeExpired };
  const inputs: SystemInput[] = [];
  const prepared: PreparedSystemInput[] = [];
  let missing = 0;
  for (const s of c.systems) {
    const objects = await objectsNeeded(s.dir, ruleset, c.level, c.client);
    const readWarnings: DataWarning[] = [];
    const extract = await readSystemExtract(s.dir, {
      client: c.client,
      assumeUsersValid: c.assumeUsersValid,
      objects,
      warnings: readWarnings,
      roleColumns: true,
      onProgress: (p) => progress.update(`${s.sid}: reading ${p.table}`, p.rows),
    });
    for (const w of readWarnings) warnings.push({ ...w, table: `${s.sid}/${w.table}` });
    missing += usersMissingFromUsr02(extract);
    inputs.push({ sid: s.sid, extract });
    // Prepared at once: its AGR_1251 rows are in the prepared instances then, and go before the
    // next system is read (as in analyze-command.ts; three L systems stay under 2 GiB).
    prepared.push({ sid: s.sid, prepared: prepareSystem({ sid: s.sid, extract }, ruleset, options) });
    extract.roleAuthorisations = [];
    extract.roleAuthorisationColumns = undefined;
  }
  progress.done();
  phase('read and prepare');
  const mappings: UserMapping[] = userMap?.mappings ?? [];
  warnings.push(...systemsWarnings(inputs, ruleset, mappings));
  const analysis = prepareSystems(prepared, ruleset, options, mappings);
  if (c.format === 'csv' && !mitigationsRead) {
    // Nothing needs the findings together: each row is written as its finding is made, none is
    // kept (issue 32's speed: three L systems, whose heaps the collector walks meanwhile).
    for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
    let findings = 0;
    let cross = 0;
    const counted = (function* () {
      for (const f of analysis.sortedFindings({ permissions: false })) {
        findings++;
        if (f.crossSystem) cross++;
        yield f;
      }
    })();
    await writeLines(c.out, sortedFindingsCsvLines(counted, hasOrgLevelRisks(ruleset), true));
    phase('findings');
    systemsSummary(findings, cross, analysis.personCount(), analysis.summaries(), missing);
    return 0;
  }
  const result = analysis.run({ permissions: c.format === 'json' });
  phase('findings');
  const extras: FindingExtras = {};
  if (mitigationsRead) {
    extras.mitigations = mitigateSystemFindings(analysis, result.findings, mitigationsRead.assignments);
    warnings.push(...mitigationsRead.warnings, ...systemsMitigationWarnings(analysis, mitigationsRead.assignments));
  }
  for (const w of warnings) process.stderr.write(`${warningLine(w)}\n`);
  await writeLines(
    c.out,
    c.format === 'csv' ? findingsCsvLines(result, hasOrgLevelRisks(ruleset), extras, true) : findingsJsonLines(result, extras, warnings),
  );
  systemsSummary(result.counts.findings, result.findings.filter((f) => f.crossSystem).length, result.persons, result.systems, missing);
  return 0;
}

/** The summary line on stderr. */
function systemsSummary(findings: number, cross: number, persons: number, systems: readonly SystemSummary[], missing: number): void {
  const notInUsr02 = missing > 0 ? `, ${missing} assigned but missing from USR02 (not analysed)` : '';
  const perSystem = systems.map((s) => `${s.sid}: ${s.usersInScope} users, ${s.usersExcluded} excluded, ${s.roles} roles, ${s.profiles} manual profiles`).join('; ');
  process.stderr.write(`${findings} findings (${cross} cross-system); ${persons} persons; ${perSystem}${notInUsr02}\n`);
}
