/**
 * A usage export and a mitigating-control register for a generated landscape (DESIGN 5.16,
 * 5.17), written beside it by `segra generate --controls`: `usage.csv` (BNAME, TCODE, COUNT,
 * 40 rows per user, mostly tcodes the user's roles grant, some it cannot start, a few summing
 * to nothing) and `mitigations.csv` (controls for users and roles, valid, expired, future and
 * open-ended, plus a few stray rows). Read back from the generated files, so the generator
 * itself stays as it is; deterministic for a seed.
 */
import path from 'node:path';
import { readRuleset } from '../server/importers/ruleset-reader.ts';
import { readSystemExtract } from '../server/importers/extract-reader.ts';
import { CsvWriter } from './csv-writer.ts';
import { randomFor, type Random } from './random.ts';

export const USAGE_ROWS_PER_USER = 40;

const VALIDITY: ReadonlyArray<readonly [readonly [string, string], number]> = [
  [['', ''], 4], // open-ended
  [['20250101', '20271231'], 4], // valid around the bench date
  [['20240101', '20251231'], 2], // expired
  [['20270101', ''], 1], // not yet valid
  [['2026-01-01', '9999-12-31'], 1], // ISO dates
];

export async function generateControls(outDir: string, seed: number): Promise<{ usageRows: number; mitigationRows: number }> {
  const x = await readSystemExtract(path.join(outDir, 'system'), {
    tables: ['USR02', 'AGR_USERS', 'AGR_AGRS', 'AGR_1251'],
    objects: new Set(['S_TCODE']),
  });
  const ruleset = await readRuleset(path.join(outDir, 'rules'));
  const rng = randomFor(seed, 'controls');

  const tcodesByRole = new Map<string, string[]>();
  for (const r of x.roleAuthorisations) {
    if (r.object !== 'S_TCODE' || r.deleted || r.high !== '' || r.low.includes('*')) continue;
    const list = tcodesByRole.get(r.role);
    if (list) list.push(r.low.trim());
    else tcodesByRole.set(r.role, [r.low.trim()]);
  }
  const children = new Map<string, string[]>();
  for (const c of x.compositeRoles) children.set(c.role, [...(children.get(c.role) ?? []), c.child]);
  const allTcodes = [...new Set([...tcodesByRole.values()].flat())];
  const rolesByUser = new Map<string, string[]>();
  for (const a of x.roleAssignments) rolesByUser.set(a.user, [...(rolesByUser.get(a.user) ?? []), a.role]);

  const usage = new CsvWriter(path.join(outDir, 'usage.csv'), ['BNAME', 'TCODE', 'COUNT']);
  for (const u of x.users) {
    const pool = new Set<string>();
    for (const role of rolesByUser.get(u.bname) ?? []) {
      for (const r of [role, ...(children.get(role) ?? [])]) for (const t of tcodesByRole.get(r) ?? []) pool.add(t);
    }
    const own = [...pool];
    for (let i = 0; i < USAGE_ROWS_PER_USER; i++) {
      const fromOwn = own.length > 0 && rng.chance(0.85);
      const tcode = fromOwn ? rng.pick(own) : allTcodes.length > 0 ? rng.pick(allTcodes) : 'SU01';
      usage.row([u.bname, tcode, String(rng.chance(0.03) ? 0 : rng.between(1, 250))]);
    }
    await usage.maybeFlush();
  }
  await usage.close();

  const risks = ruleset.risks.map((r) => r.id);
  const roles = [...new Set([...x.roleAssignments.map((a) => a.role), ...x.compositeRoles.map((c) => c.role)])];
  const mitigations = new CsvWriter(path.join(outDir, 'mitigations.csv'), ['CONTROL_ID', 'RISK_ID', 'LEVEL', 'ID', 'VALID_FROM', 'VALID_TO']);
  const control = (r: Random): string => `MC_${String(r.between(1, 40)).padStart(3, '0')}`;
  const row = (level: string, id: string, risk: string): void => {
    const [from, to] = rng.weighted(VALIDITY);
    mitigations.row([control(rng), risk, level, id, from, to]);
  };
  for (const u of x.users) if (rng.chance(0.08)) row('USER', u.bname, rng.pick(risks));
  for (const r of roles) if (rng.chance(0.1)) row('ROLE', r, rng.pick(risks));
  // Stray rows: a control register outlives users, roles and risks.
  row('USER', 'LEFT_THE_COMPANY', rng.pick(risks));
  row('ROLE', 'Z_RETIRED_ROLE', rng.pick(risks));
  row('USER', x.users[0]?.bname ?? 'NOBODY', 'RISK_RETIRED');
  await mitigations.close();
  return { usageRows: usage.rows, mitigationRows: mitigations.rows };
}
