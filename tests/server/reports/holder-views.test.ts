import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { generateLandscape } from '../../../generator/index.ts';
import { seedCustomer, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, folderFiles, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

// Issue 15 items 1 and 4: the exact holder filter of the dashboards' links, and the user and role views.
const JUNE = '2026-06-30';
const work = mkdtempSync(path.join(tmpdir(), 'segra-holder-views-'));
const landscape = path.join(work, 'landscape');
beforeAll(() => generateLandscape({ size: 'S', seed: 5, outDir: landscape }), 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const VIEW = { add: false, update: false, delete: false, view: true };

interface Step {
  kind: string;
  name: string;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let otherAdmin: string;
  let analysis: string;
  let importId: string;
  let user: string;
  let role: string;

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Views');
    const B = await seedCustomer(db, 'Elsewhere');
    admin = t.token('Admin', A.customerId);
    otherAdmin = t.token('Admin', B.customerId);
    const period = await importedSystemPeriod(t, admin, A.systemId, 'June', JUNE, folderFiles(path.join(landscape, 'system')));
    const rules = await importedRiskPeriod(t, admin, 'Rules', JUNE, path.join(landscape, 'rules'));
    analysis = await completedAnalysis(t, admin, 'June run', period, rules);
    importId = (await db.query<{ id: string }>('SELECT data_import_id AS id FROM system_periods WHERE id = $1', [period])).rows[0].id;
    // The user with the most findings among those with roles, and the role with role-level findings held by most users.
    user = (
      await db.query<{ holder: string }>(
        `SELECT f.holder FROM findings f WHERE f.analysis_id = $1 AND f.level = 'USER'
           AND EXISTS (SELECT 1 FROM sap_agr_users g WHERE g.import_id = $2 AND g.uname = f.holder)
         GROUP BY f.holder ORDER BY count(*) DESC, f.holder COLLATE "C" LIMIT 1`,
        [analysis, importId],
      )
    ).rows[0].holder;
    role = (
      await db.query<{ holder: string }>(
        `SELECT f.holder FROM findings f WHERE f.analysis_id = $1 AND f.level = 'ROLE'
         GROUP BY f.holder ORDER BY (SELECT count(*) FROM sap_agr_users g WHERE g.import_id = $2 AND g.agr_name = f.holder) DESC, f.holder COLLATE "C" LIMIT 1`,
        [analysis, importId],
      )
    ).rows[0].holder;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);

  describe('exact holder filter (holderExact)', () => {
    it('lists exactly the holder named, where `holder` matches every name containing the text', async () => {
      const prefix = user.slice(0, Math.max(1, user.length - 1));
      const exact = await call('GET', `/api/findings?range=[0,999]&filter=${q({ analysisId: analysis, holderExact: user })}`, admin);
      expect(exact.status, JSON.stringify(exact.body)).toBe(200);
      const expected = await count('SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND holder = $2', [analysis, user]);
      expect(expected).toBeGreaterThan(0);
      expect(exact.body).toHaveLength(expected);
      expect(new Set(exact.body.map((f: { holder: string }) => f.holder))).toEqual(new Set([user]));
      // A part of the name: `holder` finds it, `holderExact` does not.
      const likePart = await call('GET', `/api/findings?range=[0,0]&filter=${q({ analysisId: analysis, holder: prefix })}`, admin);
      expect(Number(String(likePart.headers['content-range']).split('/')[1])).toBeGreaterThanOrEqual(expected);
      const exactPart = await call('GET', `/api/findings?range=[0,0]&filter=${q({ analysisId: analysis, holderExact: prefix })}`, admin);
      expect(exactPart.status).toBe(200);
      expect(String(exactPart.headers['content-range'])).toMatch(/\/0$/);
    });

    it('the CSV export under the same filter holds exactly the listed rows', async () => {
      const filter = { analysisId: analysis, holderExact: user, level: ['USER'] };
      const list = await call('GET', `/api/findings?range=[0,999]&sort=${q(['riskId', 'ASC'])}&filter=${q(filter)}`, admin);
      const csv = await call('GET', `/api/analyses/${analysis}/export?format=csv&filter=${q(filter)}`, admin);
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split('\n').slice(1);
      expect(lines).toHaveLength(list.body.length);
      expect(lines.map((l) => l.split(',')[1]).every((h) => h === user)).toBe(true);
      expect(lines.map((l) => l.split(',')[2]).sort()).toEqual(list.body.map((f: { riskId: string }) => f.riskId).sort());
    });
  });

  describe('user view', () => {
    it("shows the user's name, department, assigned roles and counts", async () => {
      const r = await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=${encodeURIComponent(user)}`, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const addr = (await db.query<{ name: string; department: string }>(
        `SELECT COALESCE(NULLIF(btrim(name_textc), ''), btrim(name_first || ' ' || name_last)) AS name, department FROM sap_user_addr WHERE import_id = $1 AND bname = $2 ORDER BY seq LIMIT 1`,
        [importId, user],
      )).rows[0];
      expect(r.body.user).toBe(user);
      expect(r.body.fullName).toBe(addr?.name ?? '');
      expect(r.body.department).toBe(addr?.department ?? '');
      const roles = (await db.query<{ agr_name: string }>('SELECT agr_name FROM sap_agr_users WHERE import_id = $1 AND uname = $2', [importId, user])).rows.map((x) => x.agr_name);
      expect(roles.length).toBeGreaterThan(0);
      expect(r.body.roles.map((x: { role: string }) => x.role).sort()).toEqual(roles.sort());
      const profiles = (await db.query<{ profile: string }>('SELECT DISTINCT profile FROM sap_ust04 WHERE import_id = $1 AND bname = $2', [importId, user])).rows.map((x) => x.profile);
      expect([...r.body.profiles].sort()).toEqual(profiles.sort());
      expect(r.body.findings).toBe(await count(`SELECT count(*)::int AS n FROM findings WHERE analysis_id = $1 AND level = 'USER' AND holder = $2`, [analysis, user]));
    });

    it('answers 400 without a user, 404 for another customer, 403 without the findings list page', async () => {
      expect((await call('GET', `/api/reports/user-view?analysisId=${analysis}`, admin)).status).toBe(400);
      expect((await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=${user}`, otherAdmin)).status).toBe(404);
      const customer = (await db.query<{ customer_id: string }>('SELECT customer_id FROM analyses WHERE id = $1', [analysis])).rows[0].customer_id;
      const dashboardOnly = t.token('User', customer, { 'reports/dashboard': VIEW });
      expect((await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=${user}`, dashboardOnly)).status).toBe(403);
      expect((await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${role}`, dashboardOnly)).status).toBe(403);
      const lister = t.token('User', customer, { 'reports/list': VIEW });
      expect((await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=${user}`, lister)).status).toBe(200);
      expect((await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${role}`, lister)).status).toBe(200);
    });
  });

  describe('role view', () => {
    it('lists the users holding the role, directly or through a composite role', async () => {
      const r = await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${encodeURIComponent(role)}`, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.role).toBe(role);
      const text = (await db.query<{ text: string }>('SELECT text FROM sap_agr_texts WHERE import_id = $1 AND agr_name = $2 ORDER BY seq LIMIT 1', [importId, role])).rows[0];
      expect(r.body.roleName).toBe(text?.text ?? '');
      // The composites above the role, walked here in JavaScript.
      const links = (await db.query<{ agr_name: string; child_agr: string }>('SELECT agr_name, child_agr FROM sap_agr_agrs WHERE import_id = $1', [importId])).rows;
      const above = new Set([role]);
      for (let grown = true; grown; ) {
        grown = false;
        for (const l of links) {
          if (above.has(l.child_agr) && !above.has(l.agr_name)) {
            above.add(l.agr_name);
            grown = true;
          }
        }
      }
      const assigned = (await db.query<{ uname: string; agr_name: string }>('SELECT DISTINCT uname, agr_name FROM sap_agr_users WHERE import_id = $1', [importId])).rows.filter((g) =>
        above.has(g.agr_name),
      );
      expect(assigned.length).toBeGreaterThan(0);
      expect(r.body.usersTotal).toBe(assigned.length);
      expect(r.body.users.map((u: { user: string; via: string }) => `${u.user}/${u.via}`).sort()).toEqual(assigned.map((g) => `${g.uname}/${g.agr_name}`).sort().slice(0, 500));
    });

    it('shows what the role causes alone and the user findings it takes part in with other roles', async () => {
      const r = await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${encodeURIComponent(role)}`, admin);
      const alone = (await db.query<{ risk_id: string }>(`SELECT risk_id FROM findings WHERE analysis_id = $1 AND level = 'ROLE' AND holder = $2`, [analysis, role])).rows.map((x) => x.risk_id);
      expect(alone.length).toBeGreaterThan(0);
      expect(r.body.alone.map((f: { riskId: string }) => f.riskId).sort()).toEqual(alone.sort());
      // The names a finding was analysed with (migration 0021), as the findings list shows them.
      const stored = (await db.query<{ risk_id: string; risk_description: string }>(
        `SELECT risk_id, risk_description FROM findings WHERE analysis_id = $1 AND level = 'ROLE' AND holder = $2`,
        [analysis, role],
      )).rows;
      expect(stored.every((f) => f.risk_description.length > 0)).toBe(true);
      await db.query(`UPDATE findings SET risk_description = 'as analysed ' || risk_id WHERE analysis_id = $1 AND level = 'ROLE' AND holder = $2`, [analysis, role]);
      const again = await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${encodeURIComponent(role)}`, admin);
      expect(again.body.alone.map((f: { riskId: string; riskDescription: string }) => f.riskDescription).sort()).toEqual(stored.map((f) => `as analysed ${f.risk_id}`).sort());
      await db.query(`UPDATE findings f SET risk_description = s.d FROM (SELECT unnest($3::text[]) AS id, unnest($4::text[]) AS d) s WHERE f.analysis_id = $1 AND f.level = 'ROLE' AND f.holder = $2 AND f.risk_id = s.id`, [analysis, role, stored.map((f) => f.risk_id), stored.map((f) => f.risk_description)]);
      // Computed here from every user finding's provenance.
      const users = (
        await db.query<{ id: string; provenance: { sources: Step[][] }[]; meeting_roles: string[] }>(
          `SELECT id, provenance, meeting_roles FROM findings WHERE analysis_id = $1 AND level = 'USER'`,
          [analysis],
        )
      ).rows;
      const expected = users
        .filter((f) => !f.meeting_roles.includes(role))
        .filter((f) => f.provenance.some((m) => m.sources.some((p) => p.some((s) => s.kind === 'role' && s.name === role))))
        .map((f) => f.id);
      expect(r.body.combinedTotal).toBe(expected.length);
      expect(r.body.combined.length).toBe(Math.min(expected.length, 500));
      expect(r.body.combined.every((f: { id: string }) => expected.includes(f.id))).toBe(true);
    });

    it('names the SAP user type of the user, of each user holding the role and of each user finding (issue 27 item 6)', async () => {
      const types = new Map(
        (await db.query<{ bname: string; ustyp: string }>('SELECT DISTINCT ON (bname) bname, ustyp FROM sap_usr02 WHERE import_id = $1 ORDER BY bname, seq', [importId])).rows.map((u) => [u.bname, u.ustyp]),
      );
      const view = await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=${encodeURIComponent(user)}`, admin);
      expect(view.body.userType).toBe(types.get(user));
      const wf = await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=WF-BATCH`, admin);
      expect(wf.body.userType).toBe('B');
      expect((await call('GET', `/api/reports/user-view?analysisId=${analysis}&user=NO_SUCH_USER`, admin)).body.userType).toBe('');
      const r = await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=${encodeURIComponent(role)}`, admin);
      expect(r.body.users.length).toBeGreaterThan(0);
      for (const u of r.body.users as { user: string; userType: string }[]) expect(u.userType, u.user).toBe(types.get(u.user) ?? '');
      for (const f of r.body.combined as { holder: string; userType: string }[]) expect(f.userType, f.holder).toBe(types.get(f.holder) ?? '');
    });

    it('answers an empty view for a role nobody holds', async () => {
      const r = await call('GET', `/api/reports/role-view?analysisId=${analysis}&role=Z_NO_SUCH_ROLE`, admin);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ users: [], usersTotal: 0, alone: [], combined: [], combinedTotal: 0 });
    });
  });
}

describe('holder views on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('holder views on PostgreSQL', () => suite(postgresDatabase('wt_d2')));
