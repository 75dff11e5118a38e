import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { canonicalJson, signLicence, type LicencePayload } from '../../../server/modules/licences/index.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

const keys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const payload = (over: Partial<LicencePayload> = {}): LicencePayload => ({
  customerName: 'Acme',
  systems: [{ installationNumber: '0020123456', hwKey: 'HW-ACME-1' }],
  users: 25,
  expiresOn: '2999-12-31',
  issuedOn: '2026-01-01',
  ...over,
});

const system = (over: Record<string, unknown> = {}) => ({
  sid: 'PRD',
  sapVersion: 'S/4HANA 2023',
  hwKey: 'HW-ACME-1',
  installationNumber: '0020123456',
  systemNumber: '00',
  licenceKey: 'ABCDEF',
  ...over,
});

describe('canonicalJson', () => {
  it('sorts keys recursively and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

function suite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let bare: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent', LICENCE_PUBLIC_KEY: publicPem } as NodeJS.ProcessEnv);
  const tokens: Record<string, string> = {};
  const sign = (key: string, role: Role, customerId: string | null, permissions: Record<string, unknown> = {}) => {
    tokens[key] = app.signAccessToken({
      sub: crypto.randomUUID(),
      name: key,
      email: `${key}@test.local`,
      customerId,
      Role: role,
      permissions,
    } as never);
  };

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    bare = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta'), ($3, 'Gamma')`, [A, B, C]);
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, password_hash, role, status) VALUES
        ($1, 'u1@a', 'u1', 'x', 'User', 'active'), ($1, 'u2@a', 'u2', 'x', 'Admin', 'active'), ($1, 'u3@a', 'u3', 'x', 'User', 'passive')`,
      [A],
    );
    sign('super', 'SuperAdmin', null);
    sign('adminA', 'Admin', A);
    sign('adminB', 'Admin', B);
    sign('adminC', 'Admin', C);
    sign('userA', 'User', A);
    sign('userCounts', 'User', A, { 'licenses/license-count': { add: false, update: false, delete: false, view: true } });
  });
  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await db?.close();
    await target.teardown();
  });

  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    app.inject({
      method,
      url,
      payload,
      remoteAddress,
      headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
    });

  describe('licences', () => {
    it('stores a valid licence (201) and lists it', async () => {
      const file = JSON.stringify(signLicence(payload(), keys.privateKey));
      const r = await call('super', 'POST', '/api/licences', { customerId: A, file });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ customerId: A, payload: payload(), uploadedBy: 'super@test.local' });
      // the raw licence JSON, with the customer in X-Customer-Id
      const raw = await call('super', 'POST', '/api/licences', signLicence(payload({ customerName: 'Beta', users: 5 }), keys.privateKey), {
        'x-customer-id': B,
      });
      expect(raw.statusCode).toBe(201);
      const list = await call('adminA', 'GET', '/api/licences');
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('licences 0-0/1');
      expect((await call('super', 'GET', '/api/licences')).headers['content-range']).toBe('licences 0-1/2');
    });

    it('answers 422 with a code naming why the file is refused', async () => {
      const good = signLicence(payload(), keys.privateKey);
      const cases: [unknown, string, RegExp][] = [
        ['{not json', 'LICENCE_UNREADABLE', /cannot be read/],
        [JSON.stringify({ ...good, payload: { ...good.payload, users: 9999 } }), 'LICENCE_SIGNATURE_INVALID', /signature is not valid/],
        [JSON.stringify(signLicence(payload(), otherKeys.privateKey)), 'LICENCE_SIGNATURE_INVALID', /signature is not valid/],
        [JSON.stringify(signLicence(payload({ expiresOn: '2020-01-01' }), keys.privateKey)), 'LICENCE_EXPIRED', /expired on 2020-01-01/],
        [JSON.stringify({ payload: good.payload }), 'LICENCE_NOT_A_LICENCE', /payload object and a signature/],
      ];
      for (const [file, code, reason] of cases) {
        const r = await call('super', 'POST', '/api/licences', { customerId: A, file });
        expect(r.statusCode).toBe(422);
        expect(r.json().code).toBe(code);
        expect(r.json().message).toMatch(reason);
      }
    });

    it('refuses non-SuperAdmin uploads, asks for a file, and 503s without a public key', async () => {
      const file = JSON.stringify(signLicence(payload(), keys.privateKey));
      expect((await call('adminA', 'POST', '/api/licences', { customerId: A, file })).statusCode).toBe(403);
      const none = await call('super', 'POST', '/api/licences', { customerId: A });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Select a licence file first');
      const noKey = await bare.inject({
        method: 'POST',
        url: '/api/licences',
        payload: { customerId: A, file },
        headers: { authorization: `Bearer ${tokens.super}` },
      });
      expect(noKey.statusCode).toBe(503);
      expect(noKey.json().message).toMatch(/LICENCE_PUBLIC_KEY/);
    });

    it('counts licensed against active users', async () => {
      const r = await call('super', 'GET', '/api/licences/counts');
      expect(r.statusCode).toBe(200);
      const slim = (rows: Record<string, unknown>[]) => rows.map(({ name, licensedUsers, usedUsers, expiresOn, evaluation }) => ({ name, licensedUsers, usedUsers, expiresOn, evaluation }));
      expect(slim(r.json())).toEqual([
        { name: 'Acme', licensedUsers: 25, usedUsers: 2, expiresOn: '2999-12-31', evaluation: false },
        { name: 'Beta', licensedUsers: 5, usedUsers: 0, expiresOn: '2999-12-31', evaluation: false },
        // No licence file: in evaluation, without a user limit.
        { name: 'Gamma', licensedUsers: null, usedUsers: 0, expiresOn: null, evaluation: true },
      ]);
      expect(slim((await call('adminB', 'GET', '/api/licences/counts')).json())).toEqual([
        { name: 'Beta', licensedUsers: 5, usedUsers: 0, expiresOn: '2999-12-31', evaluation: false },
      ]);
      expect((await call('userA', 'GET', '/api/licences/counts')).statusCode).toBe(403);
      // A User whose group may view the licence-count page sees its own customer's count.
      expect(slim((await call('userCounts', 'GET', '/api/licences/counts')).json())).toEqual([
        { name: 'Acme', licensedUsers: 25, usedUsers: 2, expiresOn: '2999-12-31', evaluation: false },
      ]);
    });
  });

  describe('systems', () => {
    let prd: string;

    it('creates a licensed system; 422 for an unlicensed one; 409 for a duplicate SID', async () => {
      const r = await call('adminA', 'POST', '/api/systems', system({ sid: 'prd' }));
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ ...system(), customerId: A });
      prd = r.json().id;
      const unlicensed = await call(
        'adminA',
        'POST',
        '/api/systems',
        system({ sid: 'QAS', installationNumber: '0020999999' }),
      );
      expect(unlicensed.statusCode).toBe(422);
      expect(unlicensed.json()).toMatchObject({ code: 'LICENCE_KEY_INVALID', params: { installationNumber: '0020999999', hwKey: 'HW-ACME-1' } });
      // The message says what is missing and what to do about it.
      expect(unlicensed.json().message).toMatch(/^Licence key is invalid: .*0020999999.*HW-ACME-1.*upload a licence/);
      // Beta has a licence file, which does not list this installation: enforced.
      const otherTenant = await call('adminB', 'POST', '/api/systems', system({ installationNumber: '0020999999' }));
      expect(otherTenant.statusCode).toBe(422);
      // Gamma has no licence file at all: in evaluation, a new customer adds its first system before any licence setup.
      const onboarding = await call('adminC', 'POST', '/api/systems', system({ sid: 'NEW' }));
      expect(onboarding.statusCode).toBe(201);
      const dup = await call('adminA', 'POST', '/api/systems', system());
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ code: 'SYSTEM_EXISTS', message: 'System already exists' });
      expect(
        (await call('super', 'POST', '/api/systems', system({ sid: 'DEV' }), { 'x-customer-id': A })).statusCode,
      ).toBe(201);
      expect((await call('userA', 'POST', '/api/systems', system({ sid: 'TST' }))).statusCode).toBe(403);
    });

    it('validates the fields', async () => {
      const r = await call('adminA', 'POST', '/api/systems', {
        sid: '1AB',
        installationNumber: '12',
        systemNumber: 'x',
        hwKey: '',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors).toEqual({
        sid: 'SID must be 3 characters: a letter, then letters or digits',
        sapVersion: 'SAP version is required',
        hwKey: 'HW key is required',
        installationNumber: 'Install number must be 10 digits',
        systemNumber: 'System number must be 2 digits',
      });
    });

    it('updates, keeps systems within the tenant and 409s an update onto an existing SID', async () => {
      const u = await call('adminA', 'PUT', `/api/systems/${prd}`, { sapVersion: 'S/4HANA 2025' });
      expect(u.statusCode).toBe(200);
      expect(u.json().sapVersion).toBe('S/4HANA 2025');
      const dupe = await call('adminA', 'PUT', `/api/systems/${prd}`, { sid: 'DEV' });
      expect(dupe.statusCode).toBe(409);
      expect(dupe.json().message).toBe('System already exists');
      expect((await call('adminB', 'GET', `/api/systems/${prd}`)).statusCode).toBe(404);
      expect((await call('adminB', 'PUT', `/api/systems/${prd}`, { sapVersion: 'x' })).statusCode).toBe(404);
      expect((await call('adminB', 'DELETE', `/api/systems/${prd}`)).statusCode).toBe(404);
      expect((await call('adminB', 'GET', '/api/systems')).headers['content-range']).toBe('systems */0');
      expect((await call('userA', 'GET', '/api/systems')).headers['content-range']).toBe('systems 0-1/2');
    });
  });

  describe('cors entries', () => {
    it('CRUD (SuperAdmin writes, Admin reads) with validation', async () => {
      const h = { 'x-customer-id': B };
      const r = await call(
        'super',
        'POST',
        '/api/cors-entries',
        { origin: 'https://GRC.example.com/', status: 'active' },
        h,
      );
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ origin: 'https://grc.example.com', status: 'active', customerId: B });
      const bad = await call(
        'super',
        'POST',
        '/api/cors-entries',
        { origin: 'https://x.example/path', status: 'on' },
        h,
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['origin', 'status']);
      const cidr = await call('super', 'POST', '/api/cors-entries', { origin: '10.0.0.0/8', status: 'passive' }, h);
      expect(cidr.statusCode).toBe(201);
      const dup = await call('super', 'POST', '/api/cors-entries', { origin: 'https://grc.example.com' }, h);
      expect(dup.statusCode).toBe(409);
      expect((await call('adminB', 'POST', '/api/cors-entries', { origin: 'https://a.example' })).statusCode).toBe(403);
      const list = await call('adminB', 'GET', '/api/cors-entries');
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('cors-entries 0-1/2');
      const up = await call('super', 'PUT', `/api/cors-entries/${cidr.json().id}`, { status: 'active' }, h);
      expect(up.json().status).toBe('active');
      expect((await call('adminA', 'GET', `/api/cors-entries/${cidr.json().id}`)).statusCode).toBe(404);
    });

    it('refuses an Admin request from a disallowed origin or address, allows a listed one', async () => {
      // Beta: https://grc.example.com and 10.0.0.0/8, both active.
      const evil = await call(
        'adminB',
        'GET',
        '/api/systems',
        undefined,
        { origin: 'https://evil.example' },
        '10.1.2.3',
      );
      expect(evil.statusCode).toBe(403);
      expect(evil.json().code).toBe('ORIGIN_NOT_ALLOWED');
      const ok = await call(
        'adminB',
        'GET',
        '/api/systems',
        undefined,
        { origin: 'https://grc.example.com' },
        '10.1.2.3',
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://grc.example.com');
      expect(ok.headers['access-control-expose-headers']).toContain('Content-Range');
      expect(ok.headers.vary).toContain('Origin');
      const wrongIp = await call(
        'adminB',
        'GET',
        '/api/departments',
        undefined,
        { origin: 'https://grc.example.com' },
        '192.168.1.1',
      );
      expect(wrongIp.statusCode).toBe(403);
      // SuperAdmin is not restricted; an unauthenticated call is left to authentication.
      expect(
        (await call('super', 'GET', '/api/systems', undefined, { origin: 'https://evil.example', 'x-customer-id': B }))
          .statusCode,
      ).toBe(200);
      expect((await call(null, 'GET', '/api/systems', undefined, { origin: 'https://evil.example' })).statusCode).toBe(
        401,
      );
      const pre = await call(null, 'OPTIONS', '/api/systems', undefined, {
        origin: 'https://grc.example.com',
        'access-control-request-method': 'GET',
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://grc.example.com');
      expect(pre.headers['access-control-allow-headers']).toContain('Authorization');
    });

    it('leaves a customer without active entries unrestricted', async () => {
      const r = await call(
        'adminA',
        'GET',
        '/api/systems',
        undefined,
        { origin: 'https://anything.example' },
        '192.168.1.1',
      );
      expect(r.statusCode).toBe(200);
      const passive = await call(
        'super',
        'POST',
        '/api/cors-entries',
        { origin: 'https://only.example', status: 'passive' },
        { 'x-customer-id': A },
      );
      expect(passive.statusCode).toBe(201);
      expect(
        (await call('adminA', 'GET', '/api/systems', undefined, { origin: 'https://anything.example' })).statusCode,
      ).toBe(200);
    });
  });
}

describe('systems, licences and cors entries on PGlite', () => suite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('systems, licences and cors entries on PostgreSQL', () => suite(postgresDatabase()));
