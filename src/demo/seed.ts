import { date8ToIso } from '../../engine/model/dates.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import { defaultRuleset, defaultRulesetName } from '../../engine/rulesets/default-ruleset.ts';
import { PERIOD_TABLES } from '../../contracts/period-tables.ts';
import { DEMO_PERIOD_DATE } from './sample-extract.ts';
import { DEMO_USERS } from './token.ts';

export const DEMO_CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const DEMO_SYSTEM_ID = '22222222-2222-4222-8222-222222222222';
export const DEMO_SYSTEM_PERIOD_ID = '33333333-3333-4333-8333-333333333333';
export const DEMO_RISK_PERIOD_ID = '44444444-4444-4444-8444-444444444444';
export const DEMO_ANALYSIS_ID = '55555555-5555-4555-8555-555555555555';

type Rec = Record<string, unknown> & { id: string };

/** Row counts of the demo extract by SAP table name (system period `rowCounts`). */
export function rowCounts(extract: SystemExtract): Record<string, number> {
  return Object.fromEntries(PERIOD_TABLES.map((t) => [t.sapName, (extract[t.key] as unknown[]).length]));
}

/**
 * The simple-rest resources of the demo, keyed by API resource name (server/modules/* specs):
 * one customer with one system, a ready system period (the sample extract), the shipped
 * ruleset as a ready risk period, and the administration records around them.
 */
export function seedResources(extract: SystemExtract, nowIso: string): Record<string, Rec[]> {
  const c = DEMO_CUSTOMER_ID;
  const stamp = { createdAt: nowIso, updatedAt: nowIso };
  const deps = ['Finance', 'Procurement', 'Sales', 'IT', 'Internal audit'].map((name, i) => ({
    id: `66666666-0000-4000-8000-00000000000${i + 1}`,
    customerId: c,
    name,
    ...stamp,
  }));
  return {
    customers: [
      {
        id: c,
        vkn: '1234567890',
        name: 'Demo Sanayi A.Ş.',
        contactNumber: '+90 212 555 0101',
        contactPerson: 'Ayşe Yılmaz',
        mail: 'info@demo-sanayi.example',
        ip: '',
        address: 'Maslak, İstanbul',
        status: 'active',
        modifiedBy: 'demo@segra.local',
        ...stamp,
      },
    ],
    'cors-entries': [{ id: '77777777-0000-4000-8000-000000000001', customerId: c, origin: 'http://localhost:5173', status: 'active', ...stamp }],
    licences: [
      {
        id: '88888888-0000-4000-8000-000000000001',
        customerId: c,
        payload: { customer: 'Demo Sanayi A.Ş.', users: 100, validTo: '2027-12-31' },
        signature: 'demo',
        uploadedAt: nowIso,
        uploadedBy: 'demo@segra.local',
      },
    ],
    systems: [
      {
        id: DEMO_SYSTEM_ID,
        customerId: c,
        sid: 'PRD',
        sapVersion: 'S/4HANA 2023',
        hwKey: 'DEMO-HW-0001',
        installationNumber: '0020123456',
        systemNumber: '000000000312345678',
        licenceKey: 'DEMO',
        ...stamp,
      },
    ],
    'app-users': DEMO_USERS.map((u, i) => ({
      id: u.id,
      customerId: c,
      username: u.email.split('@')[0],
      fullName: u.name,
      email: u.email,
      passwordHash: '',
      departmentId: deps[3].id,
      groupId: '99999999-0000-4000-8000-000000000001',
      systemId: DEMO_SYSTEM_ID,
      role: u.role,
      status: i === 0 ? 'active' : 'active',
      ...stamp,
    })),
    groups: [{ id: '99999999-0000-4000-8000-000000000001', customerId: c, name: 'Auditors', departmentId: deps[4].id, systemId: DEMO_SYSTEM_ID, ...stamp }],
    departments: deps,
    'audit-log': [
      { id: 'aaaaaaaa-0000-4000-8000-000000000001', customerId: c, actorId: DEMO_USERS[0].id, actorEmail: DEMO_USERS[0].email, action: 'system-period.imported', entity: 'system-periods', entityId: DEMO_SYSTEM_PERIOD_ID, detail: {}, createdAt: nowIso },
      { id: 'aaaaaaaa-0000-4000-8000-000000000002', customerId: c, actorId: DEMO_USERS[0].id, actorEmail: DEMO_USERS[0].email, action: 'analysis.completed', entity: 'analyses', entityId: DEMO_ANALYSIS_ID, detail: {}, createdAt: nowIso },
    ],
    'system-periods': [
      {
        id: DEMO_SYSTEM_PERIOD_ID,
        customerId: c,
        systemId: DEMO_SYSTEM_ID,
        name: 'PRD October 2026',
        periodDate: date8ToIso(DEMO_PERIOD_DATE),
        status: 'ready',
        progress: 100,
        error: null,
        rowCounts: rowCounts(extract),
        importedAt: nowIso,
        ...stamp,
      },
    ],
    'risk-periods': [
      { id: DEMO_RISK_PERIOD_ID, customerId: c, name: defaultRulesetName, periodDate: date8ToIso(DEMO_PERIOD_DATE), status: 'ready', progress: 100, error: null, importedAt: nowIso, ...stamp },
    ],
    risks: defaultRuleset.risks.map((r, i) => ({
      id: `r-${i + 1}`,
      customerId: c,
      riskPeriodId: DEMO_RISK_PERIOD_ID,
      riskId: r.id,
      description: r.description,
      type: r.type,
      level: r.level,
      businessProcess: r.businessProcess,
      active: r.active,
      functionIds: r.functionIds,
      manual: false,
      ...stamp,
    })),
    functions: defaultRuleset.functions.map((f, i) => ({
      id: `f-${i + 1}`,
      customerId: c,
      riskPeriodId: DEMO_RISK_PERIOD_ID,
      functionId: f.id,
      description: f.description,
      businessProcess: f.businessProcess,
      actions: f.actions,
      permissions: f.permissions,
      ...stamp,
    })),
    analyses: [],
    findings: [],
    'risk-acceptances': [],
    'risk-deactivations': [],
    'mitigating-controls': [],
    mitigations: [],
    'sql-queries': [
      {
        id: 'bbbbbbbb-0000-4000-8000-000000000001',
        customerId: c,
        name: 'Users with critical findings',
        description: 'Holders of CRITICAL findings of an analysis',
        type: 'report',
        rawQuery: "SELECT holder, risk_id FROM findings WHERE risk_level = 'CRITICAL'",
        createdBy: DEMO_USERS[0].email,
        ...stamp,
      },
    ],
    'basis-findings': [],
  };
}
