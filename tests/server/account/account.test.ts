import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { audit } from '../../../server/modules/audit/index.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';

const A = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const B = 'bbbbbbbb-0000-4000-8000-0000000000b2';
const SAME_ANSWER = { message: 'If an active account exists for this email, a password reset link has been sent' };

interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  date: string;
}

function accountSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  let openApp: FastifyInstance;
  let failingApp: FastifyInstance;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'segra-account-'));
  const outbox = path.join(dataDir, 'outbox');
  const env = { LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000', DATA_DIR: dataDir };
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(loadConfig(env as NodeJS.ProcessEnv), { db, logger: false });
    openApp = await buildApp(loadConfig({ ...env, REGISTRATION_OPEN: 'true' } as NodeJS.ProcessEnv), {
      db,
      logger: false,
    });
    failingApp = await buildApp(loadConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:1' } as NodeJS.ProcessEnv), {
      db,
      logger: false,
    });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme'), ($2, 'Beta')`, [A, B]);
    const hash = await hashPassword('pass1234');
    const users: [string, string, Role, string | null][] = [
      ['ayse', 'ayse@acme.test', 'Admin', A],
      ['umut', 'umut@acme.test', 'User', A],
      ['bora', 'bora@beta.test', 'Admin', B],
      ['root', 'root@segra.test', 'SuperAdmin', null],
    ];
    for (const [key, email, role, customerId] of users) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
        [customerId, email, key, hash, role],
      );
      ids[key] = rows[0].id;
      tokens[key] = app.signAccessToken({ sub: rows[0].id, name: key, email, customerId, Role: role, permissions: {} });
    }
  });
  afterAll(async () => {
    await app?.close();
    await openApp?.close();
    await failingApp?.close();
    await db?.close();
    await target.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, on: FastifyInstance = app): Promise<LightMyRequestResponse> =>
    on.inject({ method: 'POST', url, payload });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });
  const get = (who: string, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });

  const mailsTo = (address: string): OutboxMail[] =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as OutboxMail)
          .filter((m) => m.to === address)
      : [];

  /** Asks a reset link for the address and returns the token of the mailed link. */
  async function askReset(address: string): Promise<string> {
    const before = mailsTo(address).length;
    const r = await post('/api/auth/forgot-password', { email: address });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual(SAME_ANSWER);
    const mails = mailsTo(address);
    expect(mails).toHaveLength(before + 1);
    const match = /http:\/\/localhost:8081\/reset-password\/([A-Za-z0-9_-]{43})\/([^\s]+)/.exec(mails.at(-1)!.text);
    expect(match).not.toBeNull();
    expect(decodeURIComponent(match![2])).toBe(address);
    return match![1];
  }

  const reset = (token: string, email: string, password: string) =>
    post('/api/auth/reset-password', { token, email, password, confirmPassword: password });

  it('mails a reset link whose token resets the password once; the old password stops working', async () => {
    const token = await askReset('ayse@acme.test');
    const mail = mailsTo('ayse@acme.test').at(-1)!;
    expect(mail.text).toContain(`http://localhost:8081/reset-password/${token}/ayse%40acme.test`);
    expect(mail.from).toBe('Segra <no-reply@segra.local>');
    // Only the SHA-256 of the token is stored.
    const { rows } = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1',
      [ids.ayse],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);

    const ok = await reset(token, 'ayse@acme.test', 'newpass99');
    expect(ok.statusCode).toBe(200);
    expect((await login('ayse@acme.test', 'newpass99')).statusCode).toBe(200);
    expect((await login('ayse@acme.test', 'pass1234')).statusCode).toBe(401);

    const again = await reset(token, 'ayse@acme.test', 'another1');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    // The reset ended the sessions of the old password (DESIGN 6); the new login's token works.
    expect((await get('ayse', '/api/auth/me')).statusCode).toBe(401);
    const fresh = await login('ayse@acme.test', 'newpass99');
    expect(fresh.statusCode).toBe(200);
    tokens.ayse = fresh.json().token;
    expect((await get('ayse', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await askReset('umut@acme.test');
    await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      ids.umut,
    ]);
    const r = await reset(token, 'umut@acme.test', 'newpass99');
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await login('umut@acme.test', 'pass1234')).statusCode).toBe(200);
  });

  it('refuses a token with another email, and spends the older tokens of a user on reset', async () => {
    const first = await askReset('bora@beta.test');
    const second = await askReset('bora@beta.test');
    const other = await reset(second, 'umut@acme.test', 'hijacked1');
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await login('umut@acme.test', 'hijacked1')).statusCode).toBe(401);
    expect((await reset(second, 'BORA@beta.test', 'borapass1')).statusCode).toBe(200);
    expect((await reset(first, 'bora@beta.test', 'borapass2')).json().code).toBe('RESET_TOKEN_INVALID');
    const fresh = await login('bora@beta.test', 'borapass1');
    expect(fresh.statusCode).toBe(200);
    tokens.bora = fresh.json().token; // the reset ended the sessions of the old password
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const filesBefore = existsSync(outbox) ? readdirSync(outbox).length : 0;
    const r = await post('/api/auth/forgot-password', { email: 'nobody@acme.test' });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual(SAME_ANSWER);
    expect(readdirSync(outbox).length).toBe(filesBefore);
    expect(mailsTo('nobody@acme.test')).toEqual([]);
  });

  it('validates the bodies with the spec messages', async () => {
    expect((await post('/api/auth/forgot-password', {})).json().errors).toEqual({ email: 'Email is required' });
    const bad = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Email is not valid' });

    const empty = await post('/api/auth/reset-password', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      token: 'Reset token is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
    const short = await post('/api/auth/reset-password', {
      token: 't',
      email: 'ayse@acme.test',
      password: '123',
      confirmPassword: '123',
    });
    expect(short.json().errors).toEqual({ password: 'Password must be at least 4 characters' });
    const mismatch = await post('/api/auth/reset-password', {
      token: 't',
      email: 'ayse@acme.test',
      password: 'abcd1234',
      confirmPassword: 'abcd12345',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords must match' });
  });

  it('answers 502 MAIL_FAILED when the mail cannot be sent, and keeps no token', async () => {
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_reset_tokens');
    const r = await post('/api/auth/forgot-password', { email: 'umut@acme.test' }, failingApp);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toEqual({ code: 'MAIL_FAILED', params: {}, message: 'Password reset email failed' });
    const { rows: after } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_reset_tokens');
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses registration while it is closed (the default)', async () => {
    const r = await post('/api/auth/register', {
      email: 'new@x.test',
      username: 'new',
      fullName: 'New One',
      password: 'abcd',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({
      code: 'REGISTRATION_CLOSED',
      params: {},
      message: 'Registration is closed; ask your administrator for an account',
    });
  });

  it('registers a pending User without customer when open; it cannot log in yet', async () => {
    const body = { email: 'New@X.test', username: 'newbie', fullName: 'New One', password: 'abcd1234' };
    const r = await post('/api/auth/register', body, openApp);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ message: 'Your registration has been received; an administrator activates new accounts' });
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT email, username, full_name AS "fullName", role, status, customer_id AS "customerId" FROM app_users WHERE email = 'new@x.test'`,
    );
    expect(rows).toEqual([{ email: 'new@x.test', username: 'newbie', fullName: 'New One', role: 'User', status: 'pending', customerId: null }]);
    expect((await login('new@x.test', 'abcd1234')).statusCode).toBe(401);
    // A pending account gets no reset mail either.
    expect((await post('/api/auth/forgot-password', { email: 'new@x.test' })).statusCode).toBe(202);
    expect(mailsTo('new@x.test')).toEqual([]);
    // An existing email gets the very answer a new one gets (DESIGN 6: no account probing), and nothing changes.
    for (const email of ['new@x.test', 'ayse@acme.test']) {
      const dup = await post('/api/auth/register', { ...body, email, username: 'impostor' }, openApp);
      expect(dup.statusCode).toBe(r.statusCode);
      expect(dup.json()).toEqual(r.json());
    }
    expect((await db.query(`SELECT 1 FROM app_users WHERE username = 'impostor'`)).rows).toEqual([]);
    const invalid = await post('/api/auth/register', { email: 'x', password: '12' }, openApp);
    expect(invalid.json().errors).toEqual({
      email: 'Email is not valid',
      username: 'Username is required',
      password: 'Password must be at least 4 characters',
    });
  });

  it('lists audit entries with Content-Range, sorted and filtered, within the tenant', async () => {
    const listA = await get('ayse', '/api/audit-log?sort=["createdAt","ASC"]&range=[0,49]');
    expect(listA.statusCode).toBe(200);
    const entriesA = listA.json() as {
      action: string;
      customerId: string;
      entityId: string;
      actorEmail: string;
      createdAt: string;
    }[];
    expect(listA.headers['content-range']).toBe(`audit-log 0-${entriesA.length - 1}/${entriesA.length}`);
    expect(entriesA.every((e) => e.customerId === A)).toBe(true);
    expect(entriesA).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'password.reset', entityId: ids.ayse, actorEmail: 'ayse@acme.test' }),
      ]),
    );
    expect(entriesA.some((e) => e.actorEmail === 'bora@beta.test')).toBe(false);

    const listB = await get(
      'bora',
      `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'password.reset' }))}`,
    );
    expect(listB.json()).toEqual([expect.objectContaining({ customerId: B, entityId: ids.bora })]);
    expect(listB.headers['content-range']).toBe('audit-log 0-0/1');

    const all = await get(
      'root',
      `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'user.registered' }))}`,
    );
    expect(all.json()).toEqual([
      expect.objectContaining({ customerId: null, actorEmail: 'new@x.test', entity: 'app-users' }),
    ]);
    const scoped = await get('root', '/api/audit-log?range=[0,0]&sort=["action","DESC"]', { 'x-customer-id': B });
    expect(scoped.headers['content-range']).toMatch(/^audit-log 0-0\/\d+$/);
    expect(scoped.json()[0].customerId).toBe(B);

    await audit(db, {
      customerId: A,
      actorId: ids.ayse,
      actorEmail: 'ayse@acme.test',
      action: 'test.done',
      entity: 'departments',
      entityId: 'd1',
      detail: { n: 1 },
    });
    const byEntity = await get(
      'ayse',
      `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'departments', entityId: 'd1' }))}`,
    );
    expect(byEntity.json()).toEqual([expect.objectContaining({ action: 'test.done', detail: { n: 1 } })]);
    expect(
      (
        await get('bora', `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'departments' }))}`)
      ).json(),
    ).toEqual([]);
  });

  it('rate-limits the public account routes per client address like login', async () => {
    const strict = await buildApp(loadConfig({ ...env, LOGIN_RATE_LIMIT: '2' } as NodeJS.ProcessEnv), {
      db,
      logger: false,
    });
    try {
      const ask = (ip: string) =>
        strict.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'nobody@acme.test' },
          remoteAddress: ip,
        });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await ask('10.7.7.7')).statusCode);
      expect(codes).toEqual([202, 202, 429]);
      expect((await ask('10.7.7.7')).json().code).toBe('RATE_LIMITED');
      expect((await ask('10.7.7.8')).statusCode).toBe(202);
    } finally {
      await strict.close();
    }
  });

  it('refuses the audit log to a User and writes to everyone', async () => {
    expect((await get('umut', '/api/audit-log')).statusCode).toBe(403);
    const write = await app.inject({
      method: 'POST',
      url: '/api/audit-log',
      payload: {},
      headers: { authorization: `Bearer ${tokens.root}` },
    });
    expect(write.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
  });

  it('a SuperAdmin activates a pending registration into a customer; then it can log in', async () => {
    expect((await post('/api/auth/register', { email: 'joiner@x.test', username: 'joiner', password: 'abcd1234' }, openApp)).statusCode).toBe(202);
    const id = (await db.query<{ id: string }>(`SELECT id FROM app_users WHERE email = 'joiner@x.test'`)).rows[0].id;
    const activate = (who: string, payload: object, target = id) =>
      app.inject({ method: 'POST', url: `/api/app-users/${target}/activate`, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    expect((await activate('ayse', { customerId: A })).statusCode).toBe(403); // an Admin cannot: the account has no customer yet
    const bad = await activate('root', { customerId: 'x', role: 'SuperAdmin' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['customerId', 'role']);
    expect((await activate('root', { customerId: crypto.randomUUID() })).statusCode).toBe(400);
    expect((await login('joiner@x.test', 'abcd1234')).statusCode).toBe(401);
    const ok = await activate('root', { customerId: A, role: 'User' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'active', customerId: A, role: 'User' });
    const session = await login('joiner@x.test', 'abcd1234');
    expect(session.statusCode).toBe(200);
    expect((await activate('root', { customerId: A })).statusCode).toBe(409); // not pending any more
    expect((await activate('root', { customerId: A }, ids.ayse)).statusCode).toBe(409);
    const entries = await db.query<{ action: string; customer_id: string }>(`SELECT action, customer_id FROM audit_log WHERE entity_id = $1 AND action = 'user.activated'`, [id]);
    expect(entries.rows).toEqual([{ action: 'user.activated', customer_id: A }]);
  });
}

describe('registration, password reset and audit log on PGlite', () => accountSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('registration, password reset and audit log on PostgreSQL', () =>
  accountSuite(postgresDatabase()),
);
