/**
 * The risk approval report names the SAP user type of a user acceptance (issue 27 item 6): as the
 * period of the customer's default analysis has it; unknown without one or when the user is not
 * in its USR02; none for role and global acceptances.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { listPageApp } from './list-page-app.ts';

async function seed(db: Database, customerId: string, f: { analysisId: string; systemPeriodId: string }): Promise<void> {
  const importId = crypto.randomUUID();
  for (const [seq, [bname, ustyp]] of [['DDIC', 'B'], ['ALICE', 'A'], ['DDIC', 'A']].entries()) {
    await db.query(`INSERT INTO sap_usr02 (import_id, seq, bname, ustyp, uflag, class, codvn) VALUES ($1, $2, $3, $4, 0, '', 'H')`, [importId, seq, bname, ustyp]);
  }
  await db.query('UPDATE system_periods SET data_import_id = $1 WHERE id = $2', [importId, f.systemPeriodId]);
  for (const [scope, holder] of [['user', 'DDIC'], ['user', 'ALICE'], ['user', 'GHOST'], ['role', 'Z_AP'], ['global', '']]) {
    await db.query(`INSERT INTO risk_acceptances (customer_id, risk_id, scope, holder, message, created_by) VALUES ($1, 'R1', $2, $3, 'ok', 'a@test.local')`, [customerId, scope, holder]);
  }
}

function suite(target: TestDatabase): void {
  const app = listPageApp(target, 'risk-acceptances', seed);
  const types = async () => {
    const r = await app.list({}, ['holder', 'ASC'], [0, 24]);
    expect(r.statusCode, r.body).toBe(200);
    return Object.fromEntries((r.json() as { scope: string; holder: string; userType: string | null }[]).map((a) => [`${a.scope}:${a.holder}`, a.userType]));
  };

  it('is unknown for every user while the customer has no default analysis', async () => {
    expect(await types()).toEqual({ 'user:DDIC': '', 'user:ALICE': '', 'user:GHOST': '', 'role:Z_AP': null, 'global:': null });
  });

  it('is the type in the default analysis’s period (first USR02 row), unknown for a user not in it, none for roles and global', async () => {
    const customerId = (await app.db.query<{ customer_id: string }>('SELECT customer_id FROM analyses WHERE id = $1', [app.fixtures.analysisId])).rows[0].customer_id;
    await app.db.query('INSERT INTO customer_default_analyses (customer_id, analysis_id) VALUES ($1, $2)', [customerId, app.fixtures.analysisId]);
    expect(await types()).toEqual({ 'user:DDIC': 'B', 'user:ALICE': 'A', 'user:GHOST': '', 'role:Z_AP': null, 'global:': null });
  });
}

describe('risk acceptances with the user type on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('risk acceptances with the user type on PostgreSQL', () => suite(postgresDatabase('segra_acceptance_user_type')));
