import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../../engine/index.ts';
import type { AnalysisLevel, AuthorisationValue, InstanceMode, SimulationRequest } from '../../../engine/model/analysis.ts';
import { defaultRuleset } from '../../../engine/rulesets/default-ruleset.ts';
import { fieldErrors } from '../../../server/errors.ts';
import { records, simulationSchema } from '../../../server/modules/reports/simulation.ts';
import type { DemoApi } from '../../../src/demo/api.ts';
import { DEMO_PERIOD_DATE } from '../../../src/demo/sample-extract.ts';
import { DEMO_RISK_PERIOD_ID, DEMO_SYSTEM_PERIOD_ID } from '../../../src/demo/seed.ts';
import { parseSimulationBody } from '../../../src/demo/simulation-schema.ts';
import { signedIn, type DemoCall } from './harness.ts';

// Simulations store nothing, so one demo API serves every test here.
let api: DemoApi;
let call: DemoCall;

beforeAll(async () => {
  ({ api, call } = await signedIn());
});

const PERIODS = { systemPeriodId: DEMO_SYSTEM_PERIOD_ID, riskPeriodId: DEMO_RISK_PERIOD_ID };

interface Answer {
  level: string;
  mode: string;
  holder: object;
  summary: { before: number; after: number; added: number; removed: number };
  before: unknown[];
  after: unknown[];
  added: unknown[];
  removed: unknown[];
}

async function simulation(body: Record<string, unknown>): Promise<Answer> {
  const r = await call('POST', '/api/simulations', { ...PERIODS, ...body });
  expect(r.status).toBe(200);
  return (await r.json()) as Answer;
}

/** The engine run directly, as the server's records show it. */
function engine(request: SimulationRequest, level: AnalysisLevel = 'permission', mode: InstanceMode = 'same-instance') {
  const r = simulate(api.extract, defaultRuleset, { date: DEMO_PERIOD_DATE, level, mode, includeLocked: false, includeExpired: false }, request);
  return { before: records(r.before), after: records(r.after), added: records(r.added), removed: records(r.removed) };
}

const lists = (a: Answer) => ({ before: a.before, after: a.after, added: a.added, removed: a.removed });
const user = (bname: string, addRoles: string[] = [], removeRoles: string[] = []): SimulationRequest => ({ holder: { kind: 'user', bname }, addRoles, removeRoles });

describe('demo simulation: level and mode', () => {
  it('defaults to permission level and same-instance mode, as the server', async () => {
    const bname = api.extract.users[0].bname;
    const answer = await simulation({ user: bname });
    expect(answer).toMatchObject({ level: 'permission', mode: 'same-instance', holder: { kind: 'user', name: bname } });
    expect(lists(answer)).toEqual(engine(user(bname)));
  });

  it('action and permission level each give the engine’s findings at that level', async () => {
    // A user whose findings depend on the level, so an ignored level would fail below.
    const bname = api.extract.users.map((u) => u.bname).find((b) => JSON.stringify(engine(user(b), 'action')) !== JSON.stringify(engine(user(b), 'permission')));
    expect(bname).toBeDefined();
    const action = await simulation({ user: bname, level: 'action' });
    const permission = await simulation({ user: bname, level: 'permission' });
    expect(action.level).toBe('action');
    expect(lists(action)).toEqual(engine(user(bname!), 'action'));
    expect(lists(permission)).toEqual(engine(user(bname!), 'permission'));
    expect(action.before).not.toEqual(permission.before);
  });

  it('union mode gives the engine’s union findings, which differ from same-instance here', async () => {
    // Payments plus vendor master: one risk's values meet only across authorisations (union).
    const request: SimulationRequest = { holder: { kind: 'role', role: 'Z_FI_AP_PAYMENTS' }, addRoles: ['Z_MM_VENDOR_MASTER'], removeRoles: [] };
    const body = { role: 'Z_FI_AP_PAYMENTS', addRoles: ['Z_MM_VENDOR_MASTER'] };
    const union = await simulation({ ...body, mode: 'union' });
    const same = await simulation({ ...body, mode: 'same-instance' });
    expect(union.mode).toBe('union');
    expect(lists(union)).toEqual(engine(request, 'permission', 'union'));
    expect(lists(same)).toEqual(engine(request, 'permission', 'same-instance'));
    expect(union.summary.after).toBeGreaterThan(same.summary.after);
  });
});

describe('demo simulation: authorisation values of a role', () => {
  const valuesOf = (role: string, object: string): AuthorisationValue[] =>
    api.extract.roleAuthorisations.filter((r) => r.role === role && r.object === object && !r.deleted).map(({ object: o, auth, field, low, high }) => ({ object: o, auth, field, low, high }));

  it('removing a role’s values gives the engine’s result, with findings removed', async () => {
    const role = 'Z_SD_SALES_REP';
    const removeAuthorisations = valuesOf(role, 'S_TCODE');
    expect(removeAuthorisations.length).toBeGreaterThan(0);
    const expected = engine({ holder: { kind: 'role', role }, addRoles: [], removeRoles: [], removeAuthorisations });
    expect(expected.removed.length).toBeGreaterThan(0);
    const answer = await simulation({ role, removeAuthorisations });
    expect(lists(answer)).toEqual(expected);
    expect(answer.summary.removed).toBe(expected.removed.length);
  });

  it('adding values at action level gives the engine’s result', async () => {
    const role = 'Z_FI_AP_PAYMENTS';
    const addAuthorisations = valuesOf('Z_MM_VENDOR_MASTER', 'S_TCODE');
    expect(addAuthorisations.length).toBeGreaterThan(0);
    const expected = engine({ holder: { kind: 'role', role }, addRoles: [], removeRoles: [], addAuthorisations }, 'action');
    expect(expected.added.length).toBeGreaterThan(0);
    const answer = await simulation({ role, addAuthorisations, level: 'action' });
    expect(lists(answer)).toEqual(expected);
  });

  it('refuses values for a user with the server’s 400', async () => {
    const bname = api.extract.users[0].bname;
    const value = { object: 'S_TCODE', auth: 'X', field: 'TCD', low: '*' };
    for (const change of [{ addAuthorisations: [value] }, { removeAuthorisations: [value] }]) {
      const r = await call('POST', '/api/simulations', { ...PERIODS, user: bname, ...change });
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({
        statusCode: 400,
        code: 'FIELDS_INVALID',
        message: 'Fill in all fields correctly',
        errors: { addAuthorisations: 'Authorisation values can be changed for a role only' },
      });
    }
  });
});

describe('demo simulation: bad input as the server answers it', () => {
  it('refuses an unknown level or mode, and an unknown period, role or user', async () => {
    const bname = api.extract.users[0].bname;
    const bad = async (body: Record<string, unknown>) => {
      const r = await call('POST', '/api/simulations', body);
      return { status: r.status, body: (await r.json()) as { message: string; errors?: Record<string, string> } };
    };
    expect((await bad({ ...PERIODS, user: bname, level: 'roles' })).body.errors).toEqual({ level: 'Level must be action or permission' });
    expect((await bad({ ...PERIODS, user: bname, mode: 'both' })).body.errors).toEqual({ mode: 'Mode must be same-instance or union' });
    expect(await bad({ ...PERIODS, user: bname, addRoles: ['Z_NO_SUCH_ROLE'] })).toMatchObject({ status: 404, body: { message: 'Role to add Z_NO_SUCH_ROLE is not in the system period', code: 'ROLE_NOT_IN_PERIOD', params: { name: 'Z_NO_SUCH_ROLE' } } });
    expect(await bad({ ...PERIODS, user: 'NOBODY_XYZ' })).toMatchObject({ status: 404, body: { message: 'User NOBODY_XYZ is not in the system period (USR02)', code: 'USER_NOT_IN_PERIOD', params: { name: 'NOBODY_XYZ' } } });
    const otherPeriod = '99999999-9999-4999-8999-999999999999';
    expect(await bad({ ...PERIODS, systemPeriodId: otherPeriod, user: bname })).toMatchObject({ status: 404, body: { message: `No system period record ${otherPeriod}` } });
    expect(await bad({ user: bname })).toMatchObject({ status: 400, body: { errors: { systemPeriodId: 'System period is required', riskPeriodId: 'Risk period is required' } } });
  });

  it('parses bodies as the server’s simulationSchema does: same values, defaults and field errors', () => {
    const value = { object: 'S_TCODE', auth: 'X', field: 'TCD', low: ' * ' };
    const bodies: unknown[] = [
      { ...PERIODS, user: '  JSMITH ' },
      { ...PERIODS, role: 'Z_R', addRoles: ['A'], removeRoles: [' B '], addAuthorisations: [value], removeAuthorisations: [{ ...value, high: 'Z' }], level: 'action', mode: 'union' },
      {},
      { ...PERIODS, user: 'U', role: 'R' },
      { systemPeriodId: 'x', riskPeriodId: DEMO_RISK_PERIOD_ID, user: 'U', addRoles: 'Z' },
      { ...PERIODS, user: 'U', removeAuthorisations: [value] },
      { ...PERIODS, role: 'R', addAuthorisations: [{ object: '', auth: 1 }] },
      { ...PERIODS, role: '   ', level: 'roles', mode: 'both' },
      { ...PERIODS, role: 'R', addRoles: Array.from({ length: 201 }, (_, i) => `R${i}`) },
      { ...PERIODS, user: 5, removeRoles: [null] },
      { ...PERIODS, role: 'R'.repeat(101), removeAuthorisations: 'S_TCODE' },
      { ...PERIODS, role: 'R', addAuthorisations: [{ ...value, low: 3, high: 'x'.repeat(101) }] },
    ];
    let refused = 0;
    for (const body of bodies) {
      const server = simulationSchema.safeParse(body);
      const expected = server.success ? { body: server.data } : { errors: fieldErrors(server.error.issues) };
      expect(parseSimulationBody(body)).toEqual(expected);
      if (!server.success) refused++;
    }
    expect(refused).toBe(bodies.length - 2);
  });
});
