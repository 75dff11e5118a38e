/**
 * Migration 0044: each analysis keeps its findings in a partition of its own (issue 30 item 3).
 * The findings stored before it read the same after it; an analysis's table is built without
 * indexes on PostgreSQL and gets all the parent's when attached; its CHECKs keep another
 * customer's rows out; deleting the analysis (or removeFindings) drops it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { attachFindingsTable, createFindingsTable } from '../../../server/analyses/findings-partition.ts';
import { removeFindings } from '../../../server/analyses/remove-findings.ts';
import type { Database } from '../../../server/db/database.ts';
import { loadMigrations, migrate } from '../../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const one = async (db: Database, sql: string, params: unknown[] = []): Promise<string> => (await db.query<{ id: string }>(sql, params)).rows[0].id;

/** A customer with a period pair and `n` completed analyses of it. */
async function analyses(db: Database, name: string, n: number): Promise<{ customer: string; ids: string[] }> {
  const customer = await one(db, 'INSERT INTO customers (name) VALUES ($1) RETURNING id', [name]);
  const system = await one(
    db,
    `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'x', 'hw', '0000000001', '00') RETURNING id`,
    [customer],
  );
  const period = await one(db, `INSERT INTO system_periods (customer_id, system_id, name, period_date, status) VALUES ($1, $2, 'June', '2026-06-30', 'ready') RETURNING id`, [customer, system]);
  const risks = await one(db, `INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'June', '2026-06-30', 'ready') RETURNING id`, [customer]);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await one(
        db,
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, $2, $3, $4, 'permission', 'same-instance', '2026-06-30', 'completed') RETURNING id`,
        [customer, `A${i}`, period, risks],
      ),
    );
  }
  return { customer, ids };
}

// Rows of every kind the list shows differently: accepted, mitigated, deactivated, with usage, a role's.
const ROWS = `(customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance,
                meeting_roles, accepted, accepted_by, message, org_values, holder_name, risk_description, controls, execution, remediation, usage,
                deactivated, user_type, cross_system)
  VALUES ($1, $2, 'USER', 'ALICE', 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[{"functionId":"F1"}]', '{Z_AP}', true, 'auditor', 'known',
          '{BUKRS=1000}', 'Alice Ünal', 'Pay and post', '{}', 'FULL', 'Remove Z_AP', '{"FB60":{"count":3}}', false, 'A', false),
         ($1, $2, 'USER', 'BOB', 'R2', 'LOW', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]', '{}', false, NULL, NULL,
          '{}', 'Bob', 'Pay', '{C1}', 'NONE', NULL, NULL, false, '', false),
         ($1, $2, 'ROLE', 'Z_AP', 'R3', 'CRITICAL', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]', '{}', false, NULL, NULL,
          '{}', 'AP role', 'Post', '{}', NULL, NULL, NULL, true, NULL, false)`;

const stored = async (db: Database): Promise<Record<string, unknown>[]> =>
  (await db.query<Record<string, unknown>>('SELECT * FROM findings ORDER BY analysis_id, holder')).rows;

const partitionsOf = async (db: Database): Promise<{ analysis: string; part: string }[]> =>
  (
    await db.query<{ analysis: string; part: string }>(
      `SELECT DISTINCT analysis_id AS analysis, tableoid::regclass::text AS part FROM findings ORDER BY 1`,
    )
  ).rows;

// Applying every migration to an empty database takes 20–35 s on PGlite on a loaded machine.
const MIGRATING_MS = 120_000;

function suite(databases: (migrated: boolean) => TestDatabase, kind: string): void {
  const made: TestDatabase[] = [];
  const open = (migrated: boolean): Promise<Database> => {
    const target = databases(migrated);
    made.push(target);
    return target.open();
  };
  afterAll(async () => {
    for (const t of made) await t.teardown();
  });

  it(`carries the findings stored before it over, each analysis's to its own table (${kind})`, async () => {
    const db = await open(false);
    try {
      const all = loadMigrations();
      const at = all.findIndex((m) => m.version === '0044_findings_per_analysis');
      expect(at).toBeGreaterThan(0);
      await migrate(db, all.slice(0, at));
      const acme = await analyses(db, 'Acme', 2);
      const other = await analyses(db, 'Other', 1);
      for (const id of acme.ids) await db.query(`INSERT INTO findings ${ROWS}`, [acme.customer, id]);
      await db.query(`INSERT INTO findings ${ROWS}`, [other.customer, other.ids[0]]);
      const before = await stored(db);
      expect(before).toHaveLength(9);
      expect(before.map((r) => r.status)).toContain('mitigated');

      expect(await migrate(db)).toEqual(all.slice(at).map((m) => m.version));
      expect(await stored(db)).toEqual(before);
      const ids = [...acme.ids, ...other.ids].sort();
      expect(await partitionsOf(db)).toEqual(ids.map((id) => ({ analysis: id, part: `findings_p${id.replace(/-/g, '')}` })));
      // The moved tables have the parent's indexes: the list's page scans find theirs.
      const indexes = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1`, [`findings_p${ids[0].replace(/-/g, '')}`]);
      expect(Number(indexes.rows[0].n)).toBe(11);

      // Deleting an analysis drops its findings and no other's.
      await db.query('DELETE FROM analyses WHERE id = $1', [acme.ids[0]]);
      expect((await stored(db)).map((r) => r.analysis_id)).toEqual(before.filter((r) => r.analysis_id !== acme.ids[0]).map((r) => r.analysis_id));
      expect((await db.query('SELECT to_regclass($1) AS t', [`findings_p${acme.ids[0].replace(/-/g, '')}`])).rows).toEqual([{ t: null }]);
      // A customer deleted takes its analyses' findings.
      await db.query('DELETE FROM analyses WHERE customer_id = $1', [other.customer]);
      expect(new Set((await stored(db)).map((r) => r.analysis_id))).toEqual(new Set([acme.ids[1]]));
    } finally {
      await db.close();
    }
  }, MIGRATING_MS);

  it(`builds an analysis's table without indexes, attaches it with all of them, and removes it whole (${kind})`, async () => {
    const db = await open(true);
    try {
      const acme = await analyses(db, 'Acme', 1);
      const other = await analyses(db, 'Other', 1);
      const id = acme.ids[0];
      const part = `findings_p${id.replace(/-/g, '')}`;
      const table = await createFindingsTable(db, id);
      const indexesOf = async (): Promise<number> =>
        Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1`, [part])).rows[0].n);
      if (kind === 'PostgreSQL') {
        // Detached and bare while its rows go in: nothing is visible, no index is maintained row by row.
        expect(table).toEqual({ name: part, detached: true });
        await db.query(`INSERT INTO ${part} ${ROWS}`, [acme.customer, id]);
        expect(await indexesOf()).toBe(0);
        expect(await stored(db)).toEqual([]);
        await attachFindingsTable(db, id);
      } else {
        // The embedded database attaches it at once and takes the rows through the parent, in steps.
        expect(table).toEqual({ name: 'findings', detached: false });
        await db.query(`INSERT INTO findings ${ROWS}`, [acme.customer, id]);
      }
      expect(await indexesOf()).toBe(11);
      expect((await stored(db)).map((r) => r.holder)).toEqual(['ALICE', 'BOB', 'Z_AP']);
      // The table's CHECKs: no row of another analysis or another customer goes in.
      await expect(db.query(`INSERT INTO ${part} ${ROWS}`, [other.customer, id])).rejects.toThrow(/check constraint/i);
      await expect(db.query(`INSERT INTO findings ${ROWS}`, [other.customer, other.ids[0]])).rejects.toThrow(/no partition/i);

      await removeFindings(db, id);
      expect(await stored(db)).toEqual([]);
      expect(await indexesOf()).toBe(0);
      await removeFindings(db, id); // nothing left: nothing to do
      // Made again after a removal (a rerun): empty.
      if ((await createFindingsTable(db, id)).detached) await attachFindingsTable(db, id);
      expect(await stored(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
}

describe('findings partitions on PGlite', () => suite((migrated) => pgliteDatabase({ migrated }), 'PGlite'));
describe.skipIf(!postgresAdminUrl)('findings partitions on PostgreSQL', () => suite((migrated) => postgresDatabase('segra_part', { migrated }), 'PostgreSQL'));
