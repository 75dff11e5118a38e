import { createHmac } from 'node:crypto';
import type { AccessTokenClaims } from '../../server/auth/roles.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ensureSuperAdmin } from '../../server/auth/bootstrap.ts';
import { signingSecret } from '../../server/auth/secret.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from './databases.ts';

function authSuite(target: TestDatabase): void {
  let db: Database;
  let app: FastifyInstance;
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '5' } as NodeJS.ProcessEnv);

  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });

  const login = (body: unknown, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress: ip });

  it('creates the first SuperAdmin once, with a generated password told once', async () => {
    const first = await ensureSuperAdmin(db, { email: 'Admin@Segra.Local' });
    expect(first?.email).toBe('admin@segra.local');
    expect(first?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await ensureSuperAdmin(db, { email: 'other@segra.local', password: 'secret' })).toBeNull();
    const ok = await login({ email: 'admin@segra.local', password: first!.generatedPassword });
    expect(ok.statusCode).toBe(200);
  });

  it('logs in with a JWT carrying the DESIGN 6 claims, and /me reads it back', async () => {
    await db.query(
      `INSERT INTO customers (id, name) VALUES ('11111111-1111-1111-1111-111111111111', 'Acme')`,
    );
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role)
       VALUES ('11111111-1111-1111-1111-111111111111', 'ayse@acme.test', 'ayse', 'Ayşe Yılmaz', $1, 'Admin')`,
      [await hashPassword('pass1234')],
    );
    const r = await login({ email: 'AYSE@acme.test', password: 'pass1234' }, '10.0.0.2');
    expect(r.statusCode).toBe(200);
    const { token, user } = r.json();
    expect(user).toMatchObject({ email: 'ayse@acme.test', role: 'Admin', name: 'Ayşe Yılmaz' });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      email: 'ayse@acme.test',
      name: 'Ayşe Yılmaz',
      Role: 'Admin',
      customerId: '11111111-1111-1111-1111-111111111111',
      permissions: {},
    });
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ayse@acme.test', role: 'Admin', customerId: '11111111-1111-1111-1111-111111111111' });
  });

  it('answers a wrong password and an unknown email alike, with the spec message', async () => {
    for (const body of [
      { email: 'ayse@acme.test', password: 'wrong-pass' },
      { email: 'nobody@acme.test', password: 'pass1234' },
    ]) {
      const r = await login(body, '10.0.0.3');
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'INVALID_CREDENTIALS', params: {}, message: 'Please check entered values and try again.' });
    }
  });

  it('validates the body with the spec messages', async () => {
    const r = await login({ email: 'not-an-email', password: '123' }, '10.0.0.4');
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ email: 'Email is not valid', password: 'Password must be at least 4 characters' });
    const empty = await login({}, '10.0.0.4');
    expect(empty.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('refuses a missing, forged or expired token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).json().code).toBe('UNAUTHORIZED');
    const r = await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.5');
    const [h, p] = r.json().token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const bad = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${forged}` } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('TOKEN_INVALID');
    const expired = app.jwt.sign(
      { sub: 'x', name: 'x', email: 'x@x.x', customerId: null, Role: 'User', permissions: {} },
      { expiresIn: -10 },
    );
    const old = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TOKEN_EXPIRED');
  });

  it('accepts only the configured algorithm (HS256): HS384, HS512 and "none" tokens of the same claims are 401', async () => {
    const r = await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.11');
    const token: string = r.json().token;
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString()).alg).toBe('HS256');
    const call = (t: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${t}` } });
    expect((await call(token)).statusCode).toBe(200);
    const secret = await signingSecret(db, config.JWT_SECRET);
    const signedWith = (alg: 'HS384' | 'HS512'): string => {
      const head = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
      const hash = alg === 'HS384' ? 'sha384' : 'sha512';
      return `${head}.${payload}.${createHmac(hash, secret).update(`${head}.${payload}`).digest('base64url')}`;
    };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const other of [signedWith('HS384'), signedWith('HS512'), none]) {
      const answer = await call(other);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('TOKEN_INVALID');
    }
  });

  it('refuses a token once its expiry passes, though it was accepted (and its verification remembered) before', async () => {
    const r = await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.7');
    // The login token's own claims (its user, session version), signed again to expire in 3 to 4 s.
    const claims: AccessTokenClaims & { exp?: number; iat?: number } = { ...app.jwt.decode<AccessTokenClaims & { exp?: number; iat?: number }>(r.json().token)! };
    delete claims.exp;
    delete claims.iat;
    const short = app.jwt.sign(claims, { expiresIn: 4 });
    // exp is in whole seconds: the token lives 3 to 4 s; the clock is then set just after it.
    const expiresAt = app.jwt.decode<{ exp: number }>(short)!.exp * 1000;
    const call = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${short}` } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    // The clock, not a wait, moves past the expiry: only Date is faked (the verifier and its
    // cache read Date.now()), so the database and the request still run on real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 100 });
    try {
      const late = await call();
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a passive user', async () => {
    await db.query(`UPDATE app_users SET status = 'passive' WHERE email = 'ayse@acme.test'`);
    expect((await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.6')).statusCode).toBe(401);
    await db.query(`UPDATE app_users SET status = 'active' WHERE email = 'ayse@acme.test'`);
  });

  it('rate-limits login per client address with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login({ email: 'ayse@acme.test', password: 'wrong-pass' }, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.9.9.9');
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.9.9.8')).statusCode).toBe(200);
  });

  it('changes the own password only with the current one, with the spec messages, and audits it', async () => {
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    await db.query(
      `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role)
       VALUES ('11111111-1111-1111-1111-111111111111', 'can@acme.test', 'can', 'Can', $1, 'User')`,
      [await hashPassword('old-pass')],
    );
    const { token } = (await login({ email: 'can@acme.test', password: 'old-pass' }, '10.0.0.9')).json();
    const change = (payload: object, bearer: string | null = token) =>
      app.inject({ method: 'POST', url: '/api/auth/change-password', payload, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect((await change({ currentPassword: 'old-pass', newPassword: 'new-pass' }, null)).statusCode).toBe(401);
    const short = await change({ currentPassword: 'old-pass', newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 4 characters' });
    const wrong = await change({ currentPassword: 'guess', newPassword: 'new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'The current password is not correct' });
    expect((await login({ email: 'can@acme.test', password: 'old-pass' }, '10.0.0.9')).statusCode).toBe(200);
    const ok = await change({ currentPassword: 'old-pass', newPassword: 'new-pass' });
    expect(ok.statusCode).toBe(200);
    expect((await login({ email: 'can@acme.test', password: 'old-pass' }, '10.0.0.9')).statusCode).toBe(401);
    expect((await login({ email: 'can@acme.test', password: 'new-pass' }, '10.0.0.9')).statusCode).toBe(200);
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'password.changed' AND actor_email = 'can@acme.test'`);
    expect(Number(rows[0].n)).toBe(1);
  });

  it('renames the signed-in user: a new token with the new name and the old expiry, audited', async () => {
    const { token } = (await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.10')).json();
    const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    const rename = (payload: object, bearer: string | null = token) =>
      app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect((await rename({ fullName: 'Ayşe Kaya' }, null)).statusCode).toBe(401);
    const blank = await rename({ fullName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ fullName: 'Full name is required' });
    const long = await rename({ fullName: 'x'.repeat(201) });
    expect(long.json().errors).toEqual({ fullName: 'Full name is too long' });
    const before = await db.query<{ full_name: string }>(`SELECT full_name FROM app_users WHERE email = 'ayse@acme.test'`);
    expect(before.rows[0].full_name).toBe('Ayşe Yılmaz');

    const ok = await rename({ fullName: '  Ayşe Kaya ' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.user).toMatchObject({ email: 'ayse@acme.test', name: 'Ayşe Kaya', role: 'Admin' });
    const [oldClaims, newClaims] = [claimsOf(token), claimsOf(body.token)];
    expect(newClaims).toMatchObject({ name: 'Ayşe Kaya', email: 'ayse@acme.test', Role: 'Admin', sub: oldClaims.sub });
    // Renaming must not lengthen the session.
    expect(Math.abs(newClaims.exp - oldClaims.exp)).toBeLessThanOrEqual(1);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().name).toBe('Ayşe Kaya');
    const after = await login({ email: 'ayse@acme.test', password: 'pass1234' }, '10.0.0.10');
    expect(after.json().user.name).toBe('Ayşe Kaya');
    const { rows } = await db.query<{ detail: { from: string; to: string } }>(`SELECT detail FROM audit_log WHERE action = 'profile.renamed'`);
    expect(rows.map((r) => r.detail)).toEqual([{ from: 'Ayşe Yılmaz', to: 'Ayşe Kaya' }]);
  });
}

describe('authentication on PGlite', () => authSuite(pgliteDatabase()));
describe.skipIf(!postgresAdminUrl)('authentication on PostgreSQL', () => authSuite(postgresDatabase()));
