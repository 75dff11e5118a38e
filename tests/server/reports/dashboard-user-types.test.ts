/**
 * The dashboard's top 10 counts dialog users unless other SAP user types are chosen (issue 27
 * item 6): DDIC, WF-BATCH or a shared service user no longer rank beside people by default; the
 * answer names the types it counted and how many users with critical or high findings they leave out.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from '../resources/list-page-app.ts';

/** holder, user type, its findings' risk levels. */
const USERS: [string, string, string[]][] = [
  ['DDIC', 'B', ['CRITICAL', 'CRITICAL', 'CRITICAL', 'CRITICAL']],
  ['WF-BATCH', 'B', ['CRITICAL', 'HIGH', 'HIGH']],
  ['RFC_BW', 'C', ['HIGH', 'HIGH']],
  ['SRV_SHARED', 'S', ['HIGH', 'HIGH']],
  ['ALICE', 'A', ['HIGH', 'HIGH', 'LOW']],
  ['BOB', 'A', ['CRITICAL']],
  ['CAROL', 'A', ['LOW']],
  ['GHOST', '', ['HIGH']],
];

async function seed(db: Database, customerId: string, f: { analysisId: string }): Promise<void> {
  for (const [holder, userType, levels] of USERS) {
    for (const [i, level] of levels.entries()) {
      await db.query(
        `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance, user_type)
         VALUES ($1, $2, 'USER', $3, $4, $5, 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]', $6)`,
        [customerId, f.analysisId, holder, `R${i}`, level, userType],
      );
    }
  }
}

function dashboardSuite(target: TestDatabase): void {
  const app = listPageApp(target, 'findings', seed);
  const dashboard = (types?: unknown) =>
    app.get(`/api/reports/dashboard?analysisId=${app.fixtures.analysisId}${types === undefined ? '' : `&userTypes=${encodeURIComponent(JSON.stringify(types))}`}`);
  const ranked = (body: { topUsers: { holder: string; userType: string }[] }) => body.topUsers.map((u) => `${u.holder}:${u.userType}`);

  it('ranks dialog users only by default, and says which types it counted and how many high-risk users of other types it leaves out', async () => {
    const r = await dashboard();
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(ranked(d)).toEqual(['ALICE:A', 'BOB:A']);
    expect(d.topUserTypes).toEqual(['A']);
    expect(d.topUsersOfOtherTypes).toBe(5);
  });

  it('ranks the chosen user types, the unknown type included', async () => {
    const all = (await dashboard(['A', 'B', 'C', 'S', 'L', ''])).json();
    expect(ranked(all)).toEqual(['DDIC:B', 'WF-BATCH:B', 'ALICE:A', 'RFC_BW:C', 'SRV_SHARED:S', 'BOB:A', 'GHOST:']);
    expect(all.topUsersOfOtherTypes).toBe(0);
    const some = (await dashboard(['S', 'A', 'S'])).json();
    expect(some.topUserTypes).toEqual(['A', 'S']);
    expect(ranked(some)).toEqual(['ALICE:A', 'SRV_SHARED:S', 'BOB:A']);
    expect(some.topUsersOfOtherTypes).toBe(4);
  });

  it('refuses an unknown user type and an empty choice with a coded 400', async () => {
    const unknown = await dashboard(['A', 'X']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'USER_TYPE_UNKNOWN', params: { value: 'X' } });
    const empty = await dashboard([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'USER_TYPES_REQUIRED' });
    expect((await dashboard('A')).statusCode).toBe(400);
  });
}

describe('dashboard top 10 by user type on PGlite', () => dashboardSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('dashboard top 10 by user type on PostgreSQL', () => dashboardSuite(postgresDatabase('segra_dashboard_user_types')));
