import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { signLicence, type LicencePayload } from '../../../server/modules/licences/index.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

/*
 * Issue 27 item 4 (docs/decisions/2026-11-27-evaluation-and-user-limits.md): a customer without a
 * licence is in evaluation (one system, 30 days from its creation, then LICENCE_REQUIRED); with a
 * licence, its number of users bounds the customer's active users; a refused licence file says why.
 */

const E = 'eeeeeeee-0000-4000-8000-000000000001'; // evaluation, created now
const O = 'eeeeeeee-0000-4000-8000-000000000002'; // evaluation, created 31 days ago
const L = 'eeeeeeee-0000-4000-8000-000000000003'; // licensed for 3 users

const keys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const payload = (over: Partial<LicencePayload> = {}): LicencePayload => ({
  customerName: 'Licco',
  systems: [
    { installationNumber: '0020000001', hwKey: 'HW-L-1' },
    { installationNumber: '0020000002', hwKey: 'HW-L-2' },
  ],
  users: 3,
  expiresOn: '2999-12-31',
  issuedOn: '2026-11-01',
  ...over,
});
/** The text `segra licence sign` writes (server/cli/licence-command.ts). */
const cliText = (p: LicencePayload, key: unknown = keys.privateKey): string => JSON.stringify(signLicence(p, key as never), null, 2) + '\n';

const system = (over: Record<string, unknown> = {}) => ({
  sid: 'PRD',
  sapVersion: 'S/4HANA 2023',
  hwKey: 'HW-E-1',
  installationNumber: '0020000011',
  systemNumber: '00',
  ...over,
});
const user = (n: string, over: Record<string, unknown> = {}) => ({ username: n, email: `${n}@limits.test`, password: 'secret1', role: 'User', ...over });

function suite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent', LICENCE_PUBLIC_KEY: publicPem } as NodeJS.ProcessEnv);
  const tokens: Record<string, string> = {};
  const sign = (key: string, role: Role, customerId: string | null, permissions: Record<string, unknown> = {}) => {
    tokens[key] = app.signAccessToken({ sub: crypto.randomUUID(), name: key, email: `${key}@limits.test`, customerId, Role: role, permissions } as never);
  };
  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: object | string, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload: body, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers } });
  const upload = (customerId: string, file: unknown, fileName?: string) => call('super', 'POST', '/api/licences', { customerId, file, ...(fileName ? { fileName } : {}) });

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await db.query(
      `INSERT INTO customers (id, name, vkn, created_at) VALUES ($1, 'Evalco', NULL, now()), ($2, 'Oldco', NULL, now() - interval '31 days'),
       ($3, 'Licco', '1234567890', now() - interval '400 days')`,
      [E, O, L],
    );
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role, status) VALUES
        ($1, 'l1@limits.test', 'l1', 'x', 'Admin', 'active'), ($1, 'l2@limits.test', 'l2', 'x', 'User', 'active'),
        ($1, 'l3@limits.test', 'l3', 'x', 'User', 'passive')`,
      [L],
    );
    sign('super', 'SuperAdmin', null);
    sign('adminE', 'Admin', E);
    sign('adminO', 'Admin', O);
    sign('adminL', 'Admin', L);
    // A User whose group sees none of the licence pages: the evaluation banner is on every page all the same.
    sign('userE', 'User', E, { 'reports/dashboard': { add: false, update: false, delete: false, view: true } });
    const licensed = await upload(L, cliText(payload()), 'licco.lic');
    expect(licensed.statusCode, licensed.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  describe('evaluation', () => {
    it('tells every user of a customer without a licence that it is in evaluation, with the days left', async () => {
      const r = await call('userE', 'GET', '/api/licences/state');
      expect(r.statusCode, r.body).toBe(200);
      const created = (await db.query<{ at: Date }>('SELECT created_at AS at FROM customers WHERE id = $1', [E])).rows[0].at;
      expect(r.json()).toEqual({
        evaluation: true,
        evaluationEndsAt: new Date(created.getTime() + 30 * 86_400_000).toISOString(),
        daysLeft: 30,
        systemsAllowed: 1,
        systemsUsed: 0,
      });
      expect((await call('adminO', 'GET', '/api/licences/state')).json()).toMatchObject({ evaluation: true, daysLeft: 0, systemsAllowed: 1 });
      expect((await call('adminL', 'GET', '/api/licences/state')).json()).toEqual({
        evaluation: false,
        evaluationEndsAt: null,
        daysLeft: null,
        systemsAllowed: null,
        systemsUsed: 0,
      });
      // A SuperAdmin sees its active customer's; without one there is nothing to say.
      expect((await call('super', 'GET', '/api/licences/state', undefined, { 'x-customer-id': E })).json()).toMatchObject({ evaluation: true, daysLeft: 30 });
      expect((await call('super', 'GET', '/api/licences/state')).statusCode).toBe(204);
      expect((await call('super', 'GET', '/api/licences/state', undefined, { 'x-customer-id': 'nope' })).statusCode).toBe(400);
      expect((await call(null, 'GET', '/api/licences/state')).statusCode).toBe(401);
    });

    it('allows one system, then answers LICENCE_REQUIRED naming the installation and hardware key to license', async () => {
      expect((await call('adminE', 'POST', '/api/systems', system())).statusCode).toBe(201);
      expect((await call('adminE', 'GET', '/api/licences/state')).json()).toMatchObject({ systemsUsed: 1, systemsAllowed: 1 });
      const second = await call('adminE', 'POST', '/api/systems', system({ sid: 'QAS', installationNumber: '0020000012', hwKey: 'HW-E-2' }));
      expect(second.statusCode).toBe(422);
      const created = (await db.query<{ at: Date }>('SELECT created_at AS at FROM customers WHERE id = $1', [E])).rows[0].at;
      expect(second.json()).toMatchObject({
        code: 'LICENCE_REQUIRED',
        params: { installationNumber: '0020000012', hwKey: 'HW-E-2', systems: 1, days: 30, used: 1, endsOn: new Date(created.getTime() + 30 * 86_400_000).toISOString().slice(0, 10) },
      });
      expect(second.json().message).toMatch(/licence .*0020000012.*HW-E-2/);
      // The rule is the customer's, whoever asks.
      const asSuper = await call('super', 'POST', '/api/systems', system({ sid: 'QAS', installationNumber: '0020000012', hwKey: 'HW-E-2' }), { 'x-customer-id': E });
      expect(asSuper.json().code).toBe('LICENCE_REQUIRED');
    });

    it('ends 30 days after the customer was created: no system then without a licence', async () => {
      const r = await call('adminO', 'POST', '/api/systems', system());
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'LICENCE_REQUIRED', params: { used: 0, systems: 1, days: 30, installationNumber: '0020000011', hwKey: 'HW-E-1' } });
    });

    it('has no user limit; a licence listing the installation ends it', async () => {
      for (const n of ['e1', 'e2', 'e3', 'e4']) expect((await call('adminE', 'POST', '/api/app-users', user(n))).statusCode).toBe(201);
      const lic = await upload(O, cliText(payload({ customerName: 'Oldco', systems: [{ installationNumber: '0020000011', hwKey: 'HW-E-1' }] })), 'oldco.lic');
      expect(lic.statusCode, lic.body).toBe(201);
      expect((await call('adminO', 'POST', '/api/systems', system())).statusCode).toBe(201);
      expect((await call('adminO', 'GET', '/api/licences/state')).json()).toMatchObject({ evaluation: false, daysLeft: null, systemsUsed: 1 });
    });
  });

  describe('the licence’s number of users', () => {
    it('refuses an active user beyond it, naming the licence and the count; passive users do not count', async () => {
      expect((await call('adminL', 'POST', '/api/app-users', user('l4'))).statusCode).toBe(201); // 3 of 3
      for (const body of [user('l5'), user('l5', { status: 'active' })]) {
        const r = await call('adminL', 'POST', '/api/app-users', body);
        expect(r.statusCode).toBe(422);
        expect(r.json()).toMatchObject({ code: 'LICENCE_USERS_EXHAUSTED', params: { licence: 'Licco', licensed: 3, active: 3, expiresOn: '2999-12-31' } });
        expect(r.json().message).toMatch(/Licco.*3/);
      }
      expect((await call('adminL', 'POST', '/api/app-users', user('l6', { status: 'passive' }))).statusCode).toBe(201);
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_users WHERE customer_id = $1 AND status = 'active'`, [L]);
      expect(rows[0].n).toBe(3);
    });

    it('refuses setting a passive user active beyond it, but lets active users be edited', async () => {
      const id = async (name: string) => (await db.query<{ id: string }>('SELECT id FROM app_users WHERE username = $1', [name])).rows[0].id;
      const activate = await call('adminL', 'PUT', `/api/app-users/${await id('l3')}`, { status: 'active' });
      expect(activate.statusCode).toBe(422);
      expect(activate.json()).toMatchObject({ code: 'LICENCE_USERS_EXHAUSTED', params: { licensed: 3, active: 3 } });
      expect((await call('adminL', 'PUT', `/api/app-users/${await id('l3')}`, { fullName: 'Still passive' })).statusCode).toBe(200);
      expect((await call('adminL', 'PUT', `/api/app-users/${await id('l2')}`, { fullName: 'Active, edited', status: 'active' })).statusCode).toBe(200);
      // One set passive frees a seat.
      expect((await call('adminL', 'PUT', `/api/app-users/${await id('l4')}`, { status: 'passive' })).statusCode).toBe(200);
      expect((await call('adminL', 'PUT', `/api/app-users/${await id('l3')}`, { status: 'active' })).statusCode).toBe(200);
    });

    it('refuses activating a registration into a customer whose licence is used up', async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO app_users (email, username, password_hash, role, status) VALUES ('pending@limits.test', 'pending', 'x', 'User', 'pending') RETURNING id`,
      );
      const r = await call('super', 'POST', `/api/app-users/${rows[0].id}/activate`, { customerId: L, role: 'User' });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'LICENCE_USERS_EXHAUSTED', params: { licence: 'Licco', licensed: 3, active: 3 } });
      expect((await db.query<{ status: string }>('SELECT status FROM app_users WHERE id = $1', [rows[0].id])).rows[0].status).toBe('pending');
    });

    it('shows on the licence-count screen the use against the licence, and evaluation where there is none', async () => {
      const r = await call('super', 'GET', '/api/licences/counts');
      expect(r.statusCode).toBe(200);
      const byName = Object.fromEntries((r.json() as { name: string }[]).map((c) => [c.name, c]));
      expect(byName.Licco).toEqual({
        name: 'Licco',
        licence: 'Licco',
        evaluation: false,
        evaluationEndsAt: null,
        licensedUsers: 3,
        usedUsers: 3,
        licensedSystems: 2,
        usedSystems: 0,
        expiresOn: '2999-12-31',
      });
      expect(byName.Evalco).toMatchObject({ licence: null, evaluation: true, licensedUsers: null, usedUsers: 4, licensedSystems: 1, usedSystems: 1, expiresOn: null });
      // 8 active on a 5-user licence (uploaded after the users) is shown as it is, not hidden.
      await db.query(`UPDATE licences SET payload = jsonb_set(payload, '{users}', '2') WHERE customer_id = $1`, [L]);
      expect((await call('adminL', 'GET', '/api/licences/counts')).json()).toEqual([expect.objectContaining({ licensedUsers: 2, usedUsers: 3 })]);
    });
  });

  describe('the licence upload', () => {
    it('takes the file `segra licence sign` writes, whatever its name', async () => {
      const r = await upload(E, cliText(payload({ customerName: 'Evalco' })), 'evalco.lic');
      expect(r.statusCode, r.body).toBe(201);
      // A licence names its customer by VKN where both have one: the name may be written otherwise.
      expect((await upload(L, cliText(payload({ customerName: 'Licco Holding A.Ş.', customerVkn: '1234567890' })))).statusCode).toBe(201);
    });

    it('says why a file is refused, by code', async () => {
      const good = signLicence(payload({ customerName: 'Evalco' }), keys.privateKey);
      const cases: [unknown, string, Record<string, unknown>?][] = [
        ['{not json', 'LICENCE_UNREADABLE'],
        // A PDF picked by mistake (a binary file with control characters is refused in the browser: the API takes no control characters).
        ['%PDF-1.7\n%âãÏÓ\n1 0 obj', 'LICENCE_UNREADABLE'],
        [privatePem, 'LICENCE_IS_KEY'],
        [publicPem, 'LICENCE_IS_KEY'],
        [JSON.stringify({ name: 'something else' }), 'LICENCE_NOT_A_LICENCE'],
        [JSON.stringify({ payload: good.payload }), 'LICENCE_NOT_A_LICENCE'],
        [JSON.stringify({ ...good, payload: { ...good.payload, users: 9999 } }), 'LICENCE_SIGNATURE_INVALID'],
        [cliText(payload({ customerName: 'Evalco' }), otherKeys.privateKey), 'LICENCE_SIGNATURE_INVALID'],
        [cliText(payload({ customerName: 'Evalco', expiresOn: '2020-01-01' })), 'LICENCE_EXPIRED', { expiresOn: '2020-01-01' }],
        [cliText(payload({ customerName: 'Someone Else' })), 'LICENCE_OTHER_CUSTOMER', { licenceCustomer: 'Someone Else', customer: 'Evalco' }],
        [cliText({ ...payload({ customerName: 'Evalco' }), users: -1 }), 'LICENCE_MALFORMED', { field: 'users' }],
      ];
      for (const [file, code, params] of cases) {
        const r = await upload(E, file, 'x.lic');
        expect(r.statusCode, `${code}: ${r.body}`).toBe(422);
        expect(r.json().code, String(file).slice(0, 40)).toBe(code);
        expect(r.json().params ?? {}).toMatchObject(params ?? {});
      }
      // Another customer's, by VKN.
      const vkn = await upload(L, cliText(payload({ customerVkn: '9999999999' })));
      expect(vkn.json()).toMatchObject({ code: 'LICENCE_OTHER_CUSTOMER', params: { licenceCustomer: 'Licco (9999999999)', customer: 'Licco (1234567890)' } });
    });
  });
}

describe('evaluation and user limits on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('evaluation and user limits on PostgreSQL', () => suite(postgresDatabase()));
