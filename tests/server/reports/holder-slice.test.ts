/**
 * A simulation reads only its holder's slice of a stored period (server/reports/holder-slice.ts):
 * what it answers on that slice must be exactly what it answers on the whole period, for users
 * (with their reference users, profiles, composites and acceptances) and roles, with roles and
 * authorisation values added or removed, on PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAnalysis, type PreparedAnalysis } from '../../../engine/analysis/prepared-analysis.ts';
import type { AnalysisOptions, RiskAcceptance } from '../../../engine/model/analysis.ts';
import type { SystemExtract } from '../../../engine/model/extract.ts';
import type { Ruleset } from '../../../engine/model/ruleset.ts';
import { objectsNeeded } from '../../../server/analyses/objects-needed.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { readRuleset } from '../../../server/importers/ruleset-reader.ts';
import { ExtractDecoder } from '../../../server/periods/extract-decoder.ts';
import { analyzeImport, importAnalyzed, writeExtract } from '../../../server/periods/extract-store.ts';
import { readHolderSlice } from '../../../server/reports/holder-slice.ts';
import { simulatePrepared, type SimulationAnswer, type SimulationAsk } from '../../../server/reports/simulate-prepared.ts';
import { PAY, VENDOR, acceptance, extract as fixture, p2pRuleset } from '../../reference/fixture.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const work = mkdtempSync(path.join(tmpdir(), 'segra-slice-'));
let generated: SystemExtract;
let generatedRules: Ruleset;

beforeAll(async () => {
  await generateLandscape({ size: 'S', seed: 5, outDir: work });
  generated = await readSystemExtract(path.join(work, 'system'));
  generatedRules = await readRuleset(path.join(work, 'rules'));
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const OPTIONS: AnalysisOptions = { date: 20260630, level: 'permission', mode: 'same-instance', includeLocked: true, includeExpired: true };

/** The answer without its timings, which differ from run to run. */
const stable = (a: SimulationAnswer) => (a.ok ? { ...a, simulateMs: 0, prepareMs: 0 } : a);

async function onSlice(db: Database, importId: string, ruleset: Ruleset, options: AnalysisOptions, ask: SimulationAsk, acceptances: RiskAcceptance[]) {
  const objects = objectsNeeded(ruleset, options.level, generatedOrFixtureChecks(db), options.deactivatedRiskIds);
  const decoder = new ExtractDecoder();
  const slice = await readHolderSlice(db, importId, ask, objects, (table, bytes) => decoder.add(table, bytes));
  const extract = decoder.finish();
  extract.tcodeChecks = checksByDb.get(db)!;
  for (const role of slice.knownRoles) extract.roleDefinitions.push({ role, parent: '' });
  return { answer: simulatePrepared(prepareAnalysis(extract, ruleset, options), ask, acceptances), slice };
}

const checksByDb = new Map<Database, SystemExtract['tcodeChecks']>();
const generatedOrFixtureChecks = (db: Database) => checksByDb.get(db)!;

const ask = (o: Partial<SimulationAsk>): SimulationAsk => ({ addRoles: [], removeRoles: [], addAuthorisations: [], removeAuthorisations: [], ...o });

function suite(target: TestDatabase): void {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await target.teardown();
  });

  it('answers on a generated period exactly as on the whole period, reading a small part of it', async () => {
    const importId = crypto.randomUUID();
    await writeExtract(db, importId, generated);
    checksByDb.set(db, generated.tcodeChecks);
    const full: PreparedAnalysis = prepareAnalysis(generated, generatedRules, OPTIONS);
    // Acceptances by role (for roles that meet a risk by themselves) and by user.
    const result = full.run();
    const roleFindings = result.findings.filter((f) => f.level === 'ROLE').slice(0, 15);
    const userFindings = result.findings.filter((f) => f.level === 'USER');
    const acceptances = [
      ...roleFindings.map((f) => acceptance(f.riskId, 'role', f.holder)),
      ...userFindings.filter((_, i) => i % 7 === 0).map((f) => acceptance(f.riskId, 'user', f.holder)),
    ];
    const users = [...full.landscape.users.keys()];
    const roles = full.landscape.roles;
    const composites = [...full.landscape.childrenByComposite.keys()];
    const withRef = [...full.landscape.referenceUserByUser.keys()].filter((u) => full.landscape.users.has(u));
    const asks: SimulationAsk[] = [];
    const picked = [...users.filter((_, i) => i % 25 === 0), ...withRef.slice(0, 5)];
    picked.forEach((user, i) => {
      const held = full.landscape.rolesOf(user, OPTIONS.date);
      asks.push(ask({ user }));
      asks.push(ask({ user, addRoles: [roles[(i * 7) % roles.length], composites[i % composites.length], roles[(i * 13 + 5) % roles.length]] }));
      if (held.length > 0) asks.push(ask({ user, removeRoles: [held[0]], addRoles: [roles[(i * 3) % roles.length]] }));
    });
    roles.filter((_, i) => i % 15 === 0).forEach((role, i) => {
      asks.push(ask({ role }));
      asks.push(ask({ role, addRoles: [roles[(i * 11 + 1) % roles.length]] }));
      const own = full.ownRows(role).find((r) => !r.deleted);
      if (own) {
        asks.push(ask({ role, removeAuthorisations: [{ object: own.object, auth: own.auth, field: own.field, low: own.low, high: own.high }], addAuthorisations: [{ object: 'S_TCODE', auth: 'ZSIM', field: 'TCD', low: '*', high: '' }] }));
      }
    });
    asks.push(ask({ user: 'NOBODY_XYZ' }), ask({ user: users[1], addRoles: ['Z_NO_SUCH_ROLE'] }), ask({ role: 'Z_NO_SUCH_ROLE' }));
    expect(asks.length).toBeGreaterThan(60);
    let findings = 0;
    let acceptedCount = 0;
    let slicedRows = 0;
    for (const a of asks) {
      const expected = simulatePrepared(full, a, acceptances);
      const { answer, slice } = await onSlice(db, importId, generatedRules, OPTIONS, a, acceptances);
      expect(stable(answer), JSON.stringify(a)).toEqual(stable(expected));
      if (expected.ok) {
        findings += expected.after.length + expected.before.length;
        acceptedCount += expected.after.filter((f) => f.accepted).length;
      }
      slicedRows = Math.max(slicedRows, slice.rows.AGR_1251 ?? 0);
    }
    // Org-level risks (DESIGN 5.15) read the roles' org values (AGR_1252) too.
    const orgRules = { ...generatedRules, risks: generatedRules.risks.map((r, i) => (i % 2 === 0 ? { ...r, orgFields: ['BUKRS'] } : r)) };
    const orgFull = prepareAnalysis(generated, orgRules, OPTIONS);
    let orgValues = 0;
    for (const a of asks.slice(0, 40)) {
      const expected = simulatePrepared(orgFull, a, acceptances);
      const { answer } = await onSlice(db, importId, orgRules, OPTIONS, a, acceptances);
      expect(stable(answer), JSON.stringify(a)).toEqual(stable(expected));
      if (expected.ok) orgValues += expected.after.filter((f) => f.orgValues.length > 0 && !f.orgValues.includes('*')).length;
    }
    expect(orgValues).toBeGreaterThan(0);
    // The comparison covered findings and acceptances, and a slice is a small part of AGR_1251.
    expect(findings).toBeGreaterThan(50);
    expect(acceptedCount).toBeGreaterThan(0);
    expect(slicedRows).toBeGreaterThan(0);
    expect(slicedRows).toBeLessThan(generated.roleAuthorisations.length / 5);
  }, 120_000);

  it('gives the planner statistics of an import once (PostgreSQL), so a slice is read by index without JIT', async () => {
    const importId = crypto.randomUUID();
    await writeExtract(db, importId, generated);
    if (db.kind === 'pglite') {
      expect(await importAnalyzed(db, importId)).toBe(true);
      return;
    }
    expect(await importAnalyzed(db, importId)).toBe(false);
    await analyzeImport(db, importId);
    expect(await importAnalyzed(db, importId)).toBe(true);
  }, 60_000);

  it('holds a looped composite inside the assigned one, a reference user’s roles and a role named only by another user’s assignment', async () => {
    // U1: C_OUTER = {C_LOOP, R_BOTH}, C_LOOP = {C_OUTER}; U2 refers to U1; R_ONLY_ASSIGNED has no rows but U3's assignment.
    const x = fixture()
      .users('U1', 'U2', 'U3')
      .role('R_BOTH', ...VENDOR, ...PAY)
      .role('R_VEND', ...VENDOR)
      .composite('C_OUTER', 'C_LOOP', 'R_BOTH')
      .composite('C_LOOP', 'C_OUTER')
      .assign('U1', 'C_OUTER')
      .assign('U3', 'R_ONLY_ASSIGNED')
      .build();
    x.referenceUsers.push({ user: 'U2', referenceUser: 'U1' });
    const importId = crypto.randomUUID();
    await writeExtract(db, importId, x);
    checksByDb.set(db, x.tcodeChecks);
    const rules = p2pRuleset().build();
    const options = { ...OPTIONS, date: 20260615 };
    const full = prepareAnalysis(x, rules, options);
    const acceptances = [acceptance('P2P01', 'role', 'C_LOOP')];
    const asks = [
      ask({ user: 'U1' }),
      ask({ user: 'U2', addRoles: ['R_VEND'] }),
      ask({ user: 'U1', removeRoles: ['C_LOOP'] }),
      ask({ user: 'U3', addRoles: ['R_BOTH'], removeRoles: ['R_ONLY_ASSIGNED'] }),
      ask({ user: 'U2', addRoles: ['R_ONLY_ASSIGNED'] }),
      ask({ role: 'C_LOOP' }),
      ask({ role: 'R_ONLY_ASSIGNED', addRoles: ['C_OUTER'] }),
    ];
    let accepted = 0;
    for (const a of asks) {
      const expected = simulatePrepared(full, a, acceptances);
      expect(expected.ok, JSON.stringify(a)).toBe(true);
      const { answer } = await onSlice(db, importId, rules, options, a, acceptances);
      expect(stable(answer), JSON.stringify(a)).toEqual(stable(expected));
      if (expected.ok) accepted += expected.before.filter((f) => f.accepted).length;
    }
    expect(accepted).toBeGreaterThan(0);
  }, 60_000);
}

describe('holder slices on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('holder slices on PostgreSQL', () => suite(postgresDatabase('wt_b2')));
