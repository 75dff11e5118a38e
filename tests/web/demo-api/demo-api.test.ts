import { jwtDecode } from 'jwt-decode';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyse, findingsToCsv, simulate } from '../../../engine/index.ts';
import { defaultRuleset } from '../../../engine/rulesets/default-ruleset.ts';
import { type DemoApi, NOT_IN_DEMO } from '../../../src/demo/api.ts';
import { DEMO_PERIOD_DATE } from '../../../src/demo/sample-extract.ts';
import { DEMO_ANALYSIS_ID, DEMO_CUSTOMER_ID, DEMO_RISK_PERIOD_ID, DEMO_SYSTEM_PERIOD_ID } from '../../../src/demo/seed.ts';
import { BASE, signedIn, type DemoCall } from './harness.ts';
import { shownAnalysisSchema } from '../../../contracts/analysis-shown.ts';

const OPTIONS = { date: DEMO_PERIOD_DATE, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false } as const;

let api: DemoApi;
let token: string;
let call: DemoCall;

const list = (resource: string, q: { sort?: unknown; range?: unknown; filter?: unknown }) =>
  `/api/${resource}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

const key = (f: { level: string; holder: string; riskId: string }) => `${f.level}|${f.holder}|${f.riskId}`;

beforeEach(async () => {
  ({ api, token, call } = await signedIn());
});

describe('demo API: sign-in', () => {
  it('returns a token jwt-decode reads, with the Role and the claims of the server', async () => {
    const claims = jwtDecode<Record<string, unknown>>(token);
    expect(claims).toMatchObject({ email: 'demo@segra.local', Role: 'SuperAdmin', customerId: null, permissions: {} });
    expect(typeof claims.sub).toBe('string');
    expect(claims.exp).toBe(Math.floor(Date.parse('2026-11-21T10:00:00Z') / 1000) + 8 * 3600);
    const me = await call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'demo@segra.local', role: 'SuperAdmin' });
  });

  it('refuses a wrong password and calls without a token', async () => {
    const bad = await call('POST', '/api/auth/login', { email: 'demo@segra.local', password: 'nope' }, false);
    expect(bad.status).toBe(401);
    expect((await bad.json()) as object).not.toHaveProperty('token');
    expect((await call('GET', '/api/systems', undefined, false)).status).toBe(401);
  });

  it("keeps the SuperAdmin's active customer for its next sign-in, as the server does (issue 27)", async () => {
    const signIn = async (email = 'demo@segra.local') =>
      (await (await call('POST', '/api/auth/login', { email, password: 'demo' }, false)).json()) as { user: { activeCustomerId: string | null } };
    expect((await signIn()).user.activeCustomerId).toBeNull();
    const chosen = await call('PUT', '/api/auth/active-customer', { customerId: DEMO_CUSTOMER_ID });
    expect(chosen.status).toBe(200);
    expect((await signIn()).user.activeCustomerId).toBe(DEMO_CUSTOMER_ID);
    expect((await call('PUT', '/api/auth/active-customer', { customerId: '99999999-0000-4000-8000-000000000009' })).status).toBe(404);
    expect((await signIn('admin@segra.local')).user.activeCustomerId).toBeNull();
  });

  it('signs the Admin in with the demo customer', async () => {
    const r = await call('POST', '/api/auth/login', { email: 'admin@segra.local', password: 'demo' }, false);
    const claims = jwtDecode<Record<string, unknown>>(((await r.json()) as { token: string }).token);
    expect(claims.Role).toBe('Admin');
    expect(claims.customerId).toEqual(expect.any(String));
  });
});

describe('demo API: simple-rest resources', () => {
  it('lists with sort, range, filter and a Content-Range total', async () => {
    const critical = defaultRuleset.risks.filter((r) => r.level === 'CRITICAL').map((r) => r.id);
    expect(critical.length).toBeGreaterThan(6);
    const r = await call('GET', list('risks', { sort: ['riskId', 'DESC'], range: [2, 5], filter: { level: 'CRITICAL' } }));
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Range')).toBe(`risks 2-5/${critical.length}`);
    const rows = (await r.json()) as { riskId: string; level: string }[];
    const expected = [...critical].sort().reverse().slice(2, 6);
    expect(rows.map((x) => x.riskId)).toEqual(expected);
  });

  it("numbers a period table's rows by their place, as the server does (react-admin lists need an id)", async () => {
    const r = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/tables/USR02?range=${encodeURIComponent('[2,5]')}`);
    expect(r.status).toBe(200);
    const rows = (await r.json()) as { id: number; BNAME: string }[];
    expect(rows.map((x) => x.id)).toEqual([2, 3, 4, 5]);
    expect(rows.every((x) => typeof x.BNAME === 'string')).toBe(true);
  });

  it('filters lists by a set of values and by text in a holder', async () => {
    const all = analyse(api.extract, defaultRuleset, OPTIONS).findings;
    const roles = await call('GET', list('findings', { range: [0, 999], filter: { analysisId: DEMO_ANALYSIS_ID, level: ['ROLE'] } }));
    expect(((await roles.json()) as unknown[]).length).toBe(all.filter((f) => f.level === 'ROLE').length);
    const holder = all.find((f) => f.level === 'USER')!.holder;
    const some = await call('GET', list('findings', { range: [0, 999], filter: { analysisId: DEMO_ANALYSIS_ID, holder: holder.toLowerCase() } }));
    const rows = (await some.json()) as { holder: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.holder.includes(holder))).toBe(true);
    const empty = await call('GET', list('departments', { range: [0, 9], filter: { name: 'nothing like this' } }));
    expect(empty.headers.get('Content-Range')).toBe('departments */0');
  });

  it('creates, reads, updates and deletes a record', async () => {
    const created = await call('POST', '/api/departments', { name: 'Treasury' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await (await call('GET', `/api/departments/${id}`)).json()) as object).toMatchObject({ name: 'Treasury' });
    const updated = await call('PUT', `/api/departments/${id}`, { name: 'Treasury & cash' });
    expect((await updated.json()) as object).toMatchObject({ id, name: 'Treasury & cash' });
    expect((await call('DELETE', `/api/departments/${id}`)).status).toBe(200);
    expect((await call('GET', `/api/departments/${id}`)).status).toBe(404);
  });

  it('pages the SAP tables of the system period', async () => {
    const r = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/tables/usr02?range=[0,9]&sort=["BNAME","ASC"]`);
    expect(r.headers.get('Content-Range')).toBe(`USR02 0-9/${api.extract.users.length}`);
    const rows = (await r.json()) as { BNAME: string }[];
    expect(rows).toHaveLength(10);
    expect(rows.map((x) => x.BNAME)).toEqual(api.extract.users.map((u) => u.bname).sort().slice(0, 10));
    const tables = (await (await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/tables`)).json()) as { table: string; rows: number }[];
    expect(tables.find((t) => t.table === 'AGR_1251')?.rows).toBe(api.extract.roleAuthorisations.length);
  });

  it('answers uploads and unknown API paths with 501 "Not available in the demo"', async () => {
    const form = new FormData();
    form.append('files', new Blob(['x']), 'USR02.csv');
    const up = await api.handle({ method: 'POST', url: new URL(`/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/extract`, BASE), headers: new Headers({ Authorization: `Bearer ${token}` }), body: form });
    expect(up!.status).toBe(501);
    expect(((await up!.json()) as { message: string }).message).toContain(NOT_IN_DEMO);
    expect((await call('GET', '/api/no-such-thing')).status).toBe(501);
    expect(await api.handle({ method: 'GET', url: new URL('/apps/tasks', BASE), headers: new Headers() })).toBeNull();
  });
});

describe('demo API: analyses, simulations and reports with the engine', () => {
  it('ships a completed analysis whose findings are the engine’s, with provenance', async () => {
    const expected = analyse(api.extract, defaultRuleset, OPTIONS).findings;
    expect(expected.length).toBeGreaterThan(20);
    const r = await call('GET', list('findings', { range: [0, 9999], filter: { analysisId: DEMO_ANALYSIS_ID } }));
    const rows = (await r.json()) as { level: string; holder: string; riskId: string; functions: { permissions: unknown[] }[] }[];
    expect(rows.map(key).sort()).toEqual(expected.map(key).sort());
    expect(rows.every((x) => x.functions.length > 0 && x.functions.every((m) => Array.isArray(m.permissions)))).toBe(true);
    // The status filter of the list (issue 16) finds the demo's findings as the server's would.
    const open = await call('GET', list('findings', { range: [0, 9999], filter: { analysisId: DEMO_ANALYSIS_ID, status: ['open'] } }));
    expect(((await open.json()) as unknown[]).length).toBe(expected.filter((f) => !f.accepted).length);
  });

  it('runs a new analysis to completion with the engine’s findings, acceptances applied', async () => {
    const riskId = analyse(api.extract, defaultRuleset, OPTIONS).findings[0].riskId;
    expect((await call('POST', '/api/risk-acceptances', { riskId, scope: 'global', holder: '', message: 'Accepted for the demo' })).status).toBe(201);
    const created = await call('POST', '/api/analyses', { name: 'Second run', systemPeriodId: DEMO_SYSTEM_PERIOD_ID, riskPeriodId: DEMO_RISK_PERIOD_ID, level: 'action' });
    expect(created.status).toBe(201);
    const record = (await created.json()) as { id: string; status: string };
    expect(record.status).toBe('enqueued');
    await api.settled();
    const after = (await (await call('GET', `/api/analyses/${record.id}`)).json()) as { status: string; counts: { findings: number } };
    expect(after.status).toBe('completed');

    const expected = analyse(api.extract, defaultRuleset, {
      ...OPTIONS,
      level: 'action',
      acceptances: [{ riskId, scope: 'global', holder: '', message: 'Accepted for the demo', author: 'demo@segra.local', createdAt: '', validFrom: null, validTo: null }],
    }).findings;
    expect(after.counts.findings).toBe(expected.length);
    const rows = (await (await call('GET', list('findings', { range: [0, 9999], filter: { analysisId: record.id } }))).json()) as { level: string; holder: string; riskId: string; accepted: boolean }[];
    expect(rows.map(key).sort()).toEqual(expected.map(key).sort());
    expect(rows.filter((x) => x.riskId === riskId).every((x) => x.accepted)).toBe(true);
    expect(rows.filter((x) => x.riskId !== riskId).some((x) => x.accepted)).toBe(false);

    const csv = await call('GET', `/api/analyses/${record.id}/export?format=csv`);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(await csv.text()).toBe(findingsToCsv(expected));
  });

  it('a cancelled analysis never completes', async () => {
    const { id } = (await (await call('POST', '/api/analyses', { name: 'To cancel', systemPeriodId: DEMO_SYSTEM_PERIOD_ID, riskPeriodId: DEMO_RISK_PERIOD_ID })).json()) as { id: string };
    expect((await call('POST', `/api/analyses/${id}/cancel`, {})).status).toBe(200);
    await api.settled();
    expect(((await (await call('GET', `/api/analyses/${id}`)).json()) as { status: string }).status).toBe('cancelled');
    expect(api.findingsOf(id)).toBeNull();
  });

  it('simulation adds findings when a role is added to a user', async () => {
    const user = api.extract.roleAssignments.find((a) => a.role === 'Z_FI_AP_CLERK')!.user;
    const r = await call('POST', '/api/simulations', { systemPeriodId: DEMO_SYSTEM_PERIOD_ID, riskPeriodId: DEMO_RISK_PERIOD_ID, user, addRoles: ['Z_FI_AP_MASTERDATA'], removeRoles: [] });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { summary: { added: number; before: number }; added: { riskId: string; holder: string }[]; holder: object };
    const engine = simulate(api.extract, defaultRuleset, OPTIONS, { holder: { kind: 'user', bname: user }, addRoles: ['Z_FI_AP_MASTERDATA'], removeRoles: [] });
    expect(engine.added.length).toBeGreaterThan(0);
    expect(body.summary.added).toBe(engine.added.length);
    expect(body.added.map((f) => f.riskId).sort()).toEqual(engine.added.map((f) => f.riskId).sort());
    expect(body.holder).toEqual({ kind: 'user', name: user });
    const unknown = await call('POST', '/api/simulations', { systemPeriodId: DEMO_SYSTEM_PERIOD_ID, riskPeriodId: DEMO_RISK_PERIOD_ID, user, addRoles: ['Z_NO_SUCH_ROLE'] });
    expect(unknown.status).toBe(404);
  });

  it('dashboard and comparison are computed from the stored findings', async () => {
    const findings = api.findingsOf(DEMO_ANALYSIS_ID)!;
    const dash = (await (await call('GET', `/api/reports/dashboard?analysisId=${DEMO_ANALYSIS_ID}`)).json()) as {
      totals: { findings: number };
      byRiskLevel: { riskLevel: string; findings: number }[];
      topUsers: { holder: string; fullName: string; critical: number }[];
    };
    expect(dash.totals.findings).toBe(findings.length);
    expect(dash.byRiskLevel.find((x) => x.riskLevel === 'CRITICAL')?.findings).toBe(findings.filter((f) => f.riskLevel === 'CRITICAL').length);
    expect(dash.topUsers.length).toBeGreaterThan(0);
    expect(dash.topUsers.length).toBeLessThanOrEqual(10);
    expect(dash.topUsers[0].fullName).not.toBe('');
    const cmp = (await (await call('GET', `/api/analyses/compare?left=${DEMO_ANALYSIS_ID}&right=${DEMO_ANALYSIS_ID}&range=[0,4]`)).json()) as {
      summary: { unchanged: number; new: number; total: number };
      rows: unknown[];
    };
    expect(cmp.summary).toMatchObject({ unchanged: findings.length, new: 0, total: findings.length });
    expect(cmp.rows).toHaveLength(5);
  });
});

describe('demo API: the SAP user type of users (issue 27 item 6)', () => {
  it('stores each user finding with its user type, filters the list by it, and ranks dialog users in the top 10 unless other types are chosen', async () => {
    const findings = (await (await call('GET', list('findings', { filter: { analysisId: DEMO_ANALYSIS_ID }, range: [0, 9999] }))).json()) as { level: string; holder: string; userType: string | null; riskLevel: string }[];
    const typeOf = new Map(findings.filter((f) => f.level === 'USER').map((f) => [f.holder, f.userType]));
    // The demo's workflow and shared service users hold business roles, as in real systems.
    expect(typeOf.get('WF-BATCH')).toBe('B');
    expect(typeOf.get('SRV_SHARED')).toBe('S');
    expect([...typeOf].filter(([h]) => h !== 'WF-BATCH' && h !== 'SRV_SHARED').every(([, t]) => t === 'A')).toBe(true);
    expect(findings.filter((f) => f.level !== 'USER').every((f) => f.userType === null)).toBe(true);
    const system = (await (await call('GET', list('findings', { filter: { analysisId: DEMO_ANALYSIS_ID, userType: ['B', 'S'] }, range: [0, 9999] }))).json()) as { holder: string }[];
    expect(new Set(system.map((f) => f.holder))).toEqual(new Set(['WF-BATCH', 'SRV_SHARED']));

    type Dash = { topUserTypes: string[]; topUsers: { holder: string; userType: string; fullName: string }[]; topUsersOfOtherTypes: number };
    const dash = async (types?: unknown) =>
      (await call('GET', `/api/reports/dashboard?analysisId=${DEMO_ANALYSIS_ID}${types === undefined ? '' : `&userTypes=${encodeURIComponent(JSON.stringify(types))}`}`)).json() as Promise<Dash>;
    const dialog = await dash();
    expect(dialog.topUserTypes).toEqual(['A']);
    expect(dialog.topUsers.length).toBeGreaterThan(0);
    expect(dialog.topUsers.every((u) => u.userType === 'A')).toBe(true);
    const risky = [...new Set(findings.filter((f) => f.level === 'USER' && f.userType !== 'A' && ['CRITICAL', 'HIGH'].includes(f.riskLevel)).map((f) => f.holder))].sort();
    expect(risky).toContain('WF-BATCH');
    expect(dialog.topUsersOfOtherTypes).toBe(risky.length);
    const technical = await dash(['S', 'B']);
    expect(technical.topUserTypes).toEqual(['B', 'S']);
    expect(technical.topUsers.map((u) => u.holder).sort()).toEqual(risky);
    expect(technical.topUsers.find((u) => u.holder === 'WF-BATCH')!.fullName).toBe('Workflow background user');
    // The user view names the user's type.
    expect(((await (await call('GET', `/api/reports/user-view?analysisId=${DEMO_ANALYSIS_ID}&user=WF-BATCH`)).json()) as { userType: string }).userType).toBe('B');
    // The comparison names and filters each user's type too.
    const cmp = (await (await call('GET', `/api/analyses/compare?left=${DEMO_ANALYSIS_ID}&right=${DEMO_ANALYSIS_ID}&filter=${encodeURIComponent('{"userType":["B"]}')}`)).json()) as { rows: { holder: string; userType: string }[] };
    expect(new Set(cmp.rows.map((r) => `${r.holder}:${r.userType}`))).toEqual(new Set(['WF-BATCH:B']));
    const refused = await call('GET', `/api/reports/dashboard?analysisId=${DEMO_ANALYSIS_ID}&userTypes=${encodeURIComponent('["Q"]')}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'USER_TYPE_UNKNOWN', params: { value: 'Q' } });
  });
});

describe('demo API: the default analysis and logout', () => {
  it('keeps the default analysis like the server: none at first, a completed analysis once set, null clears', async () => {
    const none = { analysisId: null, name: null, setBy: null, setAt: null };
    expect(await (await call('GET', '/api/default-analysis')).json()).toEqual(none);
    const set = await call('PUT', '/api/default-analysis', { analysisId: DEMO_ANALYSIS_ID });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ analysisId: DEMO_ANALYSIS_ID, setBy: 'demo@segra.local' });
    expect(((await (await call('GET', '/api/default-analysis')).json()) as { analysisId: string }).analysisId).toBe(DEMO_ANALYSIS_ID);
    expect((await call('PUT', '/api/default-analysis', { analysisId: 'no-such-analysis' })).status).toBe(404);
    expect((await call('PUT', '/api/default-analysis', { analysisId: 7 })).status).toBe(400);
    expect(await (await call('PUT', '/api/default-analysis', { analysisId: null })).json()).toEqual(none);
  });

  it('shows the user its own choice before the customer default, in the one shape of the server (issue 27)', async () => {
    const shown = async (who = call) => shownAnalysisSchema.parse(await (await who('GET', '/api/shown-analysis')).json());
    expect(await shown()).toEqual({ shown: null, own: null, customerDefault: null });
    const chose = await call('PUT', '/api/shown-analysis', { analysisId: DEMO_ANALYSIS_ID });
    expect(chose.status).toBe(200);
    expect(shownAnalysisSchema.parse(await chose.json()).shown).toEqual({ analysisId: DEMO_ANALYSIS_ID, name: expect.any(String), source: 'own' });
    expect(await shown()).toMatchObject({ own: { analysisId: DEMO_ANALYSIS_ID, setBy: 'demo@segra.local' }, customerDefault: null });
    // The customer's default did not move, and another user sees none.
    expect(((await (await call('GET', '/api/default-analysis')).json()) as { analysisId: string | null }).analysisId).toBeNull();
    const login = await api.handle({
      method: 'POST',
      url: new URL('/api/auth/login', BASE),
      headers: new Headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ email: 'admin@segra.local', password: 'demo' }),
    });
    const other = ((await login!.json()) as { token: string }).token;
    const asOther: DemoCall = async (method, path, body) =>
      (await api.handle({ method, url: new URL(path, BASE), headers: new Headers({ Authorization: `Bearer ${other}` }), body: body === undefined ? null : JSON.stringify(body) }))!;
    expect((await shown(asOther)).shown).toBeNull();
    expect((await call('PUT', '/api/default-analysis', { analysisId: DEMO_ANALYSIS_ID })).status).toBe(200);
    expect((await shown(asOther)).shown).toMatchObject({ analysisId: DEMO_ANALYSIS_ID, source: 'customer-default' });
    // Bad input, as the server answers it.
    const bad = await call('PUT', '/api/shown-analysis', { analysisId: 'x' });
    expect([bad.status, Object.keys(((await bad.json()) as { errors: object }).errors)]).toEqual([400, ['analysisId']]);
    expect((await call('PUT', '/api/shown-analysis', { analysisId: crypto.randomUUID() })).status).toBe(404);
    expect((await shown()).shown).toMatchObject({ source: 'own' });
    expect(shownAnalysisSchema.parse(await (await call('PUT', '/api/shown-analysis', { analysisId: null })).json()).shown).toMatchObject({ source: 'customer-default' });
  });

  it('answers logout with 204', async () => {
    expect((await call('POST', '/api/auth/logout')).status).toBe(204);
  });
});
