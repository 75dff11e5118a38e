/**
 * Writes a SystemExtract and a Ruleset as the table files `segra analyze` reads (DESIGN 4.1,
 * 4.2), every value quoted so that blanks survive, for command-line tests on random landscapes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Date8, MitigationAssignment, Ruleset, SystemExtract, UsageRecord } from '../../engine/model/index.ts';
import { rulesetToCsvFiles } from '../../server/importers/ruleset-writer.ts';
import { main } from '../../server/cli/main.ts';

const q = (v: string | number | null): string => `"${String(v ?? '').replace(/"/g, '""')}"`;
const date = (d: Date8 | null): string => (d === null ? '' : String(d));

export function table(dir: string, name: string, header: string[], rows: Array<Array<string | number | null>>, delimiter = ','): void {
  const text = [header.join(delimiter), ...rows.map((r) => r.map(q).join(delimiter))].join('\n') + '\n';
  fs.writeFileSync(path.join(dir, name), text);
}

export function writeExtract(dir: string, x: SystemExtract): void {
  fs.mkdirSync(dir, { recursive: true });
  table(dir, 'USR02.csv', ['BNAME', 'USTYP', 'UFLAG', 'GLTGV', 'GLTGB'], x.users.map((u) => [u.bname, u.ustyp, u.uflag, date(u.validFrom), date(u.validTo)]));
  table(dir, 'AGR_USERS.csv', ['AGR_NAME', 'UNAME', 'FROM_DAT', 'TO_DAT'], x.roleAssignments.map((a) => [a.role, a.user, date(a.from), date(a.to)]));
  table(dir, 'AGR_1251.csv', ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH', 'DELETED'], x.roleAuthorisations.map((r) => [r.role, r.object, r.auth, r.field, r.low, r.high, r.deleted ? 'X' : '']));
  table(dir, 'AGR_DEFINE.csv', ['AGR_NAME', 'PARENT_AGR'], x.roleDefinitions.map((r) => [r.role, r.parent]));
  table(dir, 'AGR_AGRS.csv', ['AGR_NAME', 'CHILD_AGR'], x.compositeRoles.map((r) => [r.role, r.child]));
  table(dir, 'AGR_1252.csv', ['AGR_NAME', 'VARBL', 'LOW', 'HIGH'], x.orgLevelValues.map((r) => [r.role, r.variable, r.low, r.high]));
  table(dir, 'AGR_1016.csv', ['AGR_NAME', 'PROFILE'], x.roleProfiles.map((r) => [r.role, r.profile]));
  table(dir, 'UST04.csv', ['BNAME', 'PROFILE'], x.userProfiles.map((r) => [r.user, r.profile]));
  table(dir, 'UST10C.csv', ['PROFN', 'SUBPROF'], x.subProfiles.map((r) => [r.profile, r.subProfile]));
  table(dir, 'UST10S.csv', ['PROFN', 'OBJCT', 'AUTH'], x.profileAuthorisations.map((r) => [r.profile, r.object, r.auth]));
  table(dir, 'UST12.csv', ['OBJCT', 'AUTH', 'FIELD', 'VON', 'BIS'], x.authorisationValues.map((r) => [r.object, r.auth, r.field, r.low, r.high]));
  table(dir, 'USREFUS.csv', ['BNAME', 'REFUSER'], x.referenceUsers.map((r) => [r.user, r.referenceUser]));
  table(dir, 'TSTCA.csv', ['TCODE', 'OBJCT', 'FIELD', 'VALUE'], x.tcodeChecks.map((r) => [r.tcode, r.object, r.field, r.value]));
}

/** The ruleset without risk rows naming an undefined function: the reader refuses those (the engine ignores them). */
export function readableRuleset<R extends Pick<Ruleset, 'risks'> & { functions: ReadonlyArray<{ id: string }> }>(ruleset: R): R {
  const defined = new Set(ruleset.functions.map((f) => f.id));
  return { ...ruleset, risks: ruleset.risks.map((k) => ({ ...k, functionIds: k.functionIds.filter((id) => defined.has(id)) })) };
}

export function writeRuleset(dir: string, ruleset: Ruleset): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(rulesetToCsvFiles(ruleset))) fs.writeFileSync(path.join(dir, name), text);
}

/** Dates as SAP writes them, as ISO, or empty for an open bound. */
export function writeMitigations(file: string, rows: readonly MitigationAssignment[], iso: boolean): void {
  const d = (v: Date8 | null): string => (v === null ? '' : iso ? `${String(v).slice(0, 4)}-${String(v).slice(4, 6)}-${String(v).slice(6)}` : String(v));
  table(path.dirname(file), path.basename(file), ['CONTROL_ID', 'RISK_ID', 'LEVEL', 'ID', 'VALID_FROM', 'VALID_TO'], rows.map((m) => [m.controlId, m.riskId, m.level, m.id, d(m.validFrom), d(m.validTo)]));
}

export type UsageStyle = 'BNAME,TCODE,COUNT' | 'ACCOUNT;ENTRY_ID;COUNT' | 'UNAME<tab>ENTRY_ID';

/**
 * Writes usage in one of the column styles and returns the records the file stands for: with
 * ENTRY_ID the tcode is padded to 40 characters and followed by the type letter, as ST03N does;
 * without COUNT a row is one run, so a record of n > 0 runs becomes n rows and others none.
 */
export function writeUsage(file: string, records: readonly UsageRecord[], style: UsageStyle): UsageRecord[] {
  const dir = path.dirname(file);
  const name = path.basename(file);
  const entry = (t: string): string => `${t.trim().padEnd(40)}T`;
  if (style === 'BNAME,TCODE,COUNT') {
    table(dir, name, ['BNAME', 'TCODE', 'COUNT'], records.map((r) => [r.user, r.tcode, r.count]));
    return [...records];
  }
  if (style === 'ACCOUNT;ENTRY_ID;COUNT') {
    table(dir, name, ['ACCOUNT', 'ENTRY_ID', 'COUNT'], records.map((r) => [r.user, r.tcode.trim() === '' ? '' : entry(r.tcode), r.count]), ';');
    return [...records];
  }
  const rows = records.flatMap((r) => Array.from({ length: Math.max(0, r.count) }, () => ({ ...r, count: 1 })));
  table(dir, name, ['UNAME', 'ENTRY_ID', 'DATE'], rows.map((r) => [r.user, entry(r.tcode), '20260601']), '\t');
  return rows;
}

/** Runs a `segra` command in this process with stderr kept; returns the exit status and stderr. */
export async function segraInProcess(args: string[]): Promise<{ status: number; stderr: string }> {
  const write = process.stderr.write.bind(process.stderr);
  let stderr = '';
  process.stderr.write = ((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    return { status: await main(args), stderr };
  } finally {
    process.stderr.write = write;
  }
}
