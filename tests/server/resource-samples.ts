import { generateKeyPairSync } from 'node:crypto';
import { PAGE_KEYS } from '../../contracts/pages.ts';
import type { PagePermission } from '../../server/auth/roles.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { attachFindingsTable, createFindingsTable } from '../../server/analyses/findings-partition.ts';
import { audit } from '../../server/modules/audit/index.ts';
import { signLicence } from '../../server/modules/licences/index.ts';

/**
 * How to make a record of every registered resource for a customer: the tenant-isolation and
 * page-permission suites walk the server's registry with these, so a new resource without a
 * sample fails them until it gets one.
 */
export const keys = generateKeyPairSync('ed25519');
export const config = loadConfig({
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '1000',
  LICENCE_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
} as NodeJS.ProcessEnv);

export const INSTALLATION = '0020123456';
export const HW_KEY = 'HW-ISO-1';
export const licenceFile = (customerName: string): string =>
  JSON.stringify(
    signLicence(
      { customerName, systems: [{ installationNumber: INSTALLATION, hwKey: HW_KEY }], users: 10, expiresOn: '2999-12-31', issuedOn: '2026-01-01' },
      keys.privateKey,
    ),
  );

export const ALL_FLAGS: PagePermission = { add: true, update: true, delete: true, view: true };
export const EVERY_PAGE: Record<string, PagePermission> = Object.fromEntries(PAGE_KEYS.map((k) => [k, ALL_FLAGS]));

/** How to make a record of a tenant-scoped resource for a customer. */
export interface Sample {
  /** A minimal valid create body (also used as the PUT body); `n` makes values unique. */
  body: (n: number) => Record<string, unknown>;
  /** For resources nobody may write through the API: writes the record as the server does, returns its id. */
  seed?: (db: Database, customerId: string, n: number) => Promise<string>;
}

export const SAMPLES: Record<string, Sample> = {
  departments: { body: (n) => ({ name: `Department ${n}` }) },
  groups: { body: (n) => ({ name: `Group ${n}`, pages: [{ page: 'simulation', view: true }] }) },
  'app-users': { body: (n) => ({ username: `user${n}`, email: `user${n}@iso.test`, password: 'secret1', role: 'User' }) },
  systems: {
    body: (n) => ({
      sid: `S${n.toString(36).toUpperCase().padStart(2, '0')}`,
      sapVersion: 'S/4HANA 2023',
      hwKey: HW_KEY,
      installationNumber: INSTALLATION,
      systemNumber: '00',
    }),
  },
  licences: { body: () => ({ file: licenceFile('Beta') }) },
  'cors-entries': { body: (n) => ({ origin: `https://app${n}.iso.test` }) },
  'audit-log': {
    body: (n) => ({ action: 'test.forged', entity: 'tests', entityId: `forged-${n}` }),
    seed: async (db, customerId, n) => {
      await audit(db, { customerId, action: 'test.seeded', entity: 'tests', entityId: `seed-${n}`, detail: { n } });
      const { rows } = await db.query<{ id: string }>('SELECT id FROM audit_log WHERE entity_id = $1', [`seed-${n}`]);
      return rows[0].id;
    },
  },
};

/** Records the analysis resources hang off (a system, periods, an analysis) for a customer, made once. */
const fixtureCache = new Map<string, Promise<{ systemId: string; systemPeriodId: string; riskPeriodId: string; analysisId: string }>>();
export function fixtures(db: Database, customerId: string) {
  let made = fixtureCache.get(customerId);
  if (!made) {
    made = (async () => {
      const one = async (sql: string, params: unknown[]) => (await db.query<{ id: string }>(sql, params)).rows[0].id;
      const systemId = await one(
        `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'FIX', 'x', 'hw', '0000000009', '00') RETURNING id`,
        [customerId],
      );
      const systemPeriodId = await one(
        `INSERT INTO system_periods (customer_id, system_id, name, period_date, status) VALUES ($1, $2, 'fixture', '2026-01-01', 'ready') RETURNING id`,
        [customerId, systemId],
      );
      const riskPeriodId = await one(`INSERT INTO risk_periods (customer_id, name, period_date, status) VALUES ($1, 'fixture', '2026-01-01', 'ready') RETURNING id`, [customerId]);
      const analysisId = await one(
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, 'fixture', $2, $3, 'permission', 'same-instance', '2026-01-01', 'completed') RETURNING id`,
        [customerId, systemPeriodId, riskPeriodId],
      );
      await findingsTableFor(db, analysisId);
      return { systemId, systemPeriodId, riskPeriodId, analysisId };
    })();
    fixtureCache.set(customerId, made);
  }
  return made;
}

/**
 * The analysis's findings table, attached and empty, so that a test can INSERT rows into
 * `findings` (migration 0044: each analysis has a table of its own, made when it stores findings).
 */
export async function findingsTableFor(db: Database, analysisId: string): Promise<void> {
  if ((await createFindingsTable(db, analysisId)).detached) await attachFindingsTable(db, analysisId);
}

/** Risk `R<n>` in the customer's fixture risk period; its risk id. */
async function seededRisk(db: Database, customerId: string, n: number): Promise<string> {
  await db.query(`INSERT INTO risks (customer_id, risk_period_id, risk_id, risk_type, risk_level) VALUES ($1, $2, $3, 'SOD', 'HIGH')`, [
    customerId,
    (await fixtures(db, customerId)).riskPeriodId,
    `R${n}`,
  ]);
  return `R${n}`;
}

export const insertedId = async (db: Database, sql: string, params: unknown[]): Promise<string> => (await db.query<{ id: string }>(sql, params)).rows[0].id;

Object.assign(SAMPLES, {
  'system-periods': {
    body: (n: number) => ({ name: `Period ${n}`, periodDate: '2026-02-01', systemId: crypto.randomUUID() }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO system_periods (customer_id, system_id, name, period_date) VALUES ($1, $2, $3, '2026-02-01') RETURNING id`, [
        customerId,
        (await fixtures(db, customerId)).systemId,
        `Period ${n}`,
      ]),
  },
  'risk-periods': { body: (n: number) => ({ name: `Rules ${n}`, periodDate: '2026-02-01' }) },
  risks: {
    body: (n: number) => ({ riskPeriodId: crypto.randomUUID(), riskId: `R${n}`, type: 'SOD', level: 'HIGH', functionIds: ['F1', 'F2'] }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO risks (customer_id, risk_period_id, risk_id, risk_type, risk_level, function_ids) VALUES ($1, $2, $3, 'SOD', 'HIGH', '{F1,F2}') RETURNING id`, [
        customerId,
        (await fixtures(db, customerId)).riskPeriodId,
        `R${n}`,
      ]),
  },
  functions: {
    body: (n: number) => ({ riskPeriodId: crypto.randomUUID(), functionId: `F${n}`, actions: [{ action: 'FB60' }] }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO functions (customer_id, risk_period_id, function_id, actions) VALUES ($1, $2, $3, '[{"action":"FB60","active":true}]') RETURNING id`, [
        customerId,
        (await fixtures(db, customerId)).riskPeriodId,
        `F${n}`,
      ]),
  },
  analyses: {
    body: (n: number) => ({ name: `Analysis ${n}`, systemPeriodId: crypto.randomUUID(), riskPeriodId: crypto.randomUUID() }),
    seed: async (db: Database, customerId: string, n: number) => {
      const f = await fixtures(db, customerId);
      return insertedId(
        db,
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date, status)
         VALUES ($1, $2, $3, $4, 'permission', 'same-instance', '2026-01-01', 'completed') RETURNING id`,
        [customerId, `Analysis ${n}`, f.systemPeriodId, f.riskPeriodId],
      );
    },
  },
  findings: {
    body: () => ({ level: 'USER', holder: 'FORGED' }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(
        db,
        `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance)
         VALUES ($1, $2, 'USER', $3, 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z', '[]') RETURNING id`,
        [customerId, (await fixtures(db, customerId)).analysisId, `USER${n}`],
      ),
  },
  // Acceptances and deactivations name a risk the customer has (issue 15): the seed makes both.
  'risk-acceptances': {
    body: (n: number) => ({ riskId: `R${n}`, scope: 'global', message: 'Mitigated' }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO risk_acceptances (customer_id, risk_id, scope, message, created_by) VALUES ($1, $2, 'global', 'Mitigated', 'seed') RETURNING id`, [
        customerId,
        await seededRisk(db, customerId, n),
      ]),
  },
  'risk-deactivations': {
    body: (n: number) => ({ riskId: `R${n}`, message: 'Not relevant' }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO risk_deactivations (customer_id, risk_id, created_by) VALUES ($1, $2, 'seed') RETURNING id`, [
        customerId,
        await seededRisk(db, customerId, n),
      ]),
  },
  'basis-findings': {
    body: () => ({ checkId: 'U01', holder: 'FORGED' }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(db, `INSERT INTO basis_findings (customer_id, system_period_id, check_id, holder, detail) VALUES ($1, $2, 'U01', $3, 'seeded') RETURNING id`, [
        customerId,
        (await fixtures(db, customerId)).systemPeriodId,
        `USER${n}`,
      ]),
  },
  'sql-queries': { body: (n: number) => ({ name: `Query ${n}`, description: 'Users', type: 'general', rawQuery: 'SELECT 1 AS one' }) },
  'mitigating-controls': { body: (n: number) => ({ controlId: `MC-${n}`, description: 'Review' }) },
  // A mitigation names a control and a risk of its customer: the seed makes both.
  mitigations: {
    body: (n: number) => ({ mitigatingControlId: crypto.randomUUID(), riskId: `R${n}`, level: 'USER', holder: `USER${n}` }),
    seed: async (db: Database, customerId: string, n: number) =>
      insertedId(
        db,
        `INSERT INTO mitigations (customer_id, mitigating_control_id, risk_id, level, holder)
         VALUES ($1, (SELECT id FROM mitigating_controls WHERE customer_id = $1 AND control_id = $2), $3, 'USER', $4) RETURNING id`,
        [
          customerId,
          await insertedId(db, `INSERT INTO mitigating_controls (customer_id, control_id) VALUES ($1, $2) RETURNING control_id AS id`, [customerId, `MCS-${n}`]),
          await seededRisk(db, customerId, n),
          `USER${n}`,
        ],
      ),
  },
} satisfies Record<string, Sample>);
