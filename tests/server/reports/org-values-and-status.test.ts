/**
 * Org-level risks (DESIGN 5.15) and finding status (rule 16) in comparison and simulation,
 * through the API on PGlite and PostgreSQL (issues 16 and 17 leftovers): a finding held in both
 * analyses at other company codes is flagged in a comparison with both sides' org values; each
 * comparison row names each side's status; a simulation lists a finding whose org values change,
 * and its findings carry org values, status and the controls that mitigate them; the dashboard
 * groups findings by org value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { writeRuleset } from '../../../server/importers/ruleset-writer.ts';
import { perm, ruleset } from '../../reference/fixture.ts';
import { seedCustomer, type PipelineApp } from '../analysis-pipeline/harness.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { caller, completedAnalysis, importedRiskPeriod, importedSystemPeriod, reportsApp, type Caller } from './reports-harness.ts';

const JUNE = '2026-06-30';
const JULY = '2026-07-31';
const work = mkdtempSync(path.join(tmpdir(), 'segra-org-status-'));
const rulesDir = path.join(work, 'rules');

/** ORG1: post (FB01) and pay (F110) in one company code; U1 posts in 1000 and 2000. */
const role = (name: string, object: string, field: string, value: string, tcode: string, bukrs: string[]) => [
  `${name},S_TCODE,T-${name},TCD,${tcode},`,
  `${name},${object},A-${name},${field},${value},`,
  ...bukrs.map((b) => `${name},${object},A-${name},BUKRS,${b},`),
];
const AGR_1251 = [
  'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH',
  ...role('R_POST', 'F_BKPF_BUK', 'ACTVT', '01', 'FB01', ['1000', '2000']),
  ...role('R_PAY_1000', 'F_REGU_BUK', 'FBTCH', '21', 'F110', ['1000']),
  ...role('R_PAY_2000', 'F_REGU_BUK', 'FBTCH', '21', 'F110', ['2000']),
].join('\n');

/** June: U1 pays in 1000 only; July: in 1000 and 2000. */
const extract = (payRoles: string[]): Record<string, Uint8Array> => {
  const files = {
    'USR02.csv': ['BNAME,USTYP,UFLAG,GLTGV,GLTGB', 'U1,A,0,20240101,99991231'].join('\n'),
    'AGR_USERS.csv': ['AGR_NAME,UNAME,FROM_DAT,TO_DAT', 'R_POST,U1,20240101,99991231', ...payRoles.map((r) => `${r},U1,20240101,99991231`)].join('\n'),
    'AGR_1251.csv': AGR_1251,
  };
  return Object.fromEntries(Object.entries(files).map(([n, t]) => [n, new TextEncoder().encode(`${t}\n`)]));
};

beforeAll(async () => {
  const rules = ruleset()
    .fn('FN_POST', ['FB01'], [perm('FB01', 'F_BKPF_BUK', 'ACTVT', '01')])
    .fn('FN_PAY', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
    .risk('ORG1', ['FN_POST', 'FN_PAY'], { org: ['BUKRS'] })
    .build();
  await writeRuleset(rules, rulesDir, 'dir');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

interface Row {
  level: string;
  holder: string;
  riskId: string;
  status: string;
  orgValuesChanged: boolean;
  leftOrgValues: string[] | null;
  rightOrgValues: string[] | null;
  leftFindingStatus: string | null;
  rightFindingStatus: string | null;
}

function suite(target: TestDatabase): void {
  let t: PipelineApp;
  let db: Database;
  let call: Caller;
  let admin: string;
  let june: string;
  let juneRun: string;
  let julyRun: string;

  beforeAll(async () => {
    db = await target.open();
    t = await reportsApp(db, path.join(work, `data-${crypto.randomUUID()}`));
    call = caller(t);
    const A = await seedCustomer(db, 'Acme');
    admin = t.token('Admin', A.customerId);
    june = await importedSystemPeriod(t, admin, A.systemId, 'June', JUNE, extract(['R_PAY_1000']));
    const july = await importedSystemPeriod(t, admin, A.systemId, 'July', JULY, extract(['R_PAY_1000', 'R_PAY_2000']));
    const rules = await importedRiskPeriod(t, admin, 'Rules', JUNE, rulesDir);
    juneRun = await completedAnalysis(t, admin, 'June run', june, rules);
    julyRun = await completedAnalysis(t, admin, 'July run', july, rules);
    // A control mitigating U1's ORG1 until mid-July: June's finding is mitigated, July's open.
    const control = await call('POST', '/api/mitigating-controls', admin, { controlId: 'MC-ORG' });
    expect(control.status).toBe(201);
    const mitigation = await call('POST', '/api/mitigations', admin, { mitigatingControlId: control.body.id, riskId: 'ORG1', level: 'USER', holder: 'U1', validTo: '2026-07-15' });
    expect(mitigation.status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await target.teardown();
  });

  it('flags a finding held in both analyses at other org values, with both sides\' values and statuses', async () => {
    const r = await call('GET', `/api/analyses/compare?left=${juneRun}&right=${julyRun}`, admin);
    expect(r.status).toBe(200);
    const row = (r.body.rows as Row[]).find((x) => x.level === 'USER' && x.holder === 'U1' && x.riskId === 'ORG1');
    expect(row).toMatchObject({
      status: 'unchanged',
      orgValuesChanged: true,
      leftOrgValues: ['BUKRS=1000'],
      rightOrgValues: ['BUKRS=1000', 'BUKRS=2000'],
      leftFindingStatus: 'mitigated',
      rightFindingStatus: 'open',
    });
    expect(r.body.summary.orgValuesChanged).toBe((r.body.rows as Row[]).filter((x) => x.orgValuesChanged).length);
    expect(r.body.summary.orgValuesChanged).toBeGreaterThan(0);
    // The same analysis on both sides: nothing moved.
    const same = await call('GET', `/api/analyses/compare?left=${juneRun}&right=${juneRun}`, admin);
    expect(same.body.summary.orgValuesChanged).toBe(0);
  });

  it('filters on orgValuesChanged and exports both sides\' org values and statuses', async () => {
    const only = await call('GET', `/api/analyses/compare?left=${juneRun}&right=${julyRun}&filter=${q({ orgValuesChanged: true })}`, admin);
    expect(only.status).toBe(200);
    expect((only.body.rows as Row[]).map((x) => `${x.level}:${x.holder}:${x.riskId}`)).toEqual(['USER:U1:ORG1']);
    expect((await call('GET', `/api/analyses/compare?left=${juneRun}&right=${julyRun}&filter=${q({ orgValuesChanged: 'yes' })}`, admin)).status).toBe(400);
    const csv = await call('GET', `/api/analyses/compare?left=${juneRun}&right=${julyRun}&format=csv&filter=${q({ orgValuesChanged: true })}`, admin);
    expect(csv.body).toBe(
      'LEVEL,ID,RISK_ID,STATUS,LEFT_RISK_LEVEL,RIGHT_RISK_LEVEL,LEVEL_CHANGED,LEFT_ORG_VALUES,RIGHT_ORG_VALUES,ORG_VALUES_CHANGED,LEFT_FINDING_STATUS,RIGHT_FINDING_STATUS,USER_TYPE\n' +
        'USER,U1,ORG1,unchanged,HIGH,HIGH,,BUKRS=1000,BUKRS=1000;BUKRS=2000,X,mitigated,open,A\n',
    );
  });

  it('the dashboard groups findings by org value, with their status', async () => {
    const july = await call('GET', `/api/reports/dashboard?analysisId=${julyRun}`, admin);
    expect(july.status).toBe(200);
    expect(july.body.byOrgValue).toEqual([
      { orgValue: 'BUKRS=1000', findings: 1, accepted: 0, mitigated: 0, deactivated: 0, open: 1 },
      { orgValue: 'BUKRS=2000', findings: 1, accepted: 0, mitigated: 0, deactivated: 0, open: 1 },
    ]);
    const june = await call('GET', `/api/reports/dashboard?analysisId=${juneRun}`, admin);
    expect(june.body.byOrgValue).toEqual([{ orgValue: 'BUKRS=1000', findings: 1, accepted: 0, mitigated: 1, deactivated: 0, open: 0 }]);
  });

  it('a simulation lists the finding whose org values change, with org values, status and controls', async () => {
    const r = await call('POST', '/api/simulations', admin, { systemPeriodId: june, riskPeriodId: (await call('GET', `/api/analyses/${juneRun}`, admin)).body.riskPeriodId, user: 'U1', addRoles: ['R_PAY_2000'] });
    expect(r.status).toBe(200);
    expect(r.body.summary).toMatchObject({ before: 1, after: 1, added: 0, removed: 0, changed: 1 });
    expect(r.body.before[0]).toMatchObject({ riskId: 'ORG1', orgValues: ['BUKRS=1000'], status: 'mitigated', controls: ['MC-ORG'] });
    expect(r.body.changed).toHaveLength(1);
    expect(r.body.changed[0]).toMatchObject({ riskId: 'ORG1', orgValues: ['BUKRS=1000', 'BUKRS=2000'], status: 'mitigated', controls: ['MC-ORG'] });
    // Without the pay role there is nothing left to mitigate; removed findings keep their status.
    const removed = await call('POST', '/api/simulations', admin, { systemPeriodId: june, riskPeriodId: r.body.riskPeriodId, user: 'U1', removeRoles: ['R_PAY_1000'] });
    expect(removed.body.summary).toMatchObject({ after: 0, removed: 1, changed: 0 });
    expect(removed.body.removed[0]).toMatchObject({ status: 'mitigated', controls: ['MC-ORG'] });
  });
}

describe('org values and status in comparison and simulation on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('org values and status in comparison and simulation on PostgreSQL', () => suite(postgresDatabase('segra_orgstatus')));
