// What the session check (docs/decisions/2026-11-25-sessions-end-when-access-ends.md) costs a
// request: the check on a cache hit, on a miss (one primary-key read), and a whole authenticated
// GET /api/auth/me through app.inject, on PGlite and, when one answers at 127.0.0.1:5432 (or
// TEST_DATABASE_URL), on PostgreSQL. Run: npx tsx tests/perf/session-check-cost.ts
import { buildApp } from '../../server/app.ts';
import { ensureSuperAdmin } from '../../server/auth/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import pg from 'pg';

async function run(label: string, db: Database) {
  await migrate(db);
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' } as NodeJS.ProcessEnv), { db, logger: false });
  await ensureSuperAdmin(db, { email: 'root@segra.test', password: 'root-pass' });
  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'root@segra.test', password: 'root-pass' } })).json().token;
  const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const N = 20000;
  for (let i = 0; i < 2000; i++) await app.sessions.isCurrent(id, 0);
  let t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await app.sessions.isCurrent(id, 0);
  const hit = Number(process.hrtime.bigint() - t) / N;
  const M = 2000;
  t = process.hrtime.bigint();
  for (let i = 0; i < M; i++) {
    app.sessions.forgetAll();
    await app.sessions.isCurrent(id, 0);
  }
  const miss = Number(process.hrtime.bigint() - t) / M;
  const R = 3000;
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  t = process.hrtime.bigint();
  for (let i = 0; i < R; i++) await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const request = Number(process.hrtime.bigint() - t) / R;
  console.log(`${label}: check on a cache hit ${(hit / 1000).toFixed(2)} µs, on a miss ${(miss / 1e6).toFixed(3)} ms; whole GET /api/auth/me by inject ${(request / 1e6).toFixed(3)} ms`);
  await app.close();
  await db.close();
}

await run('PGlite', await openPglite('memory://'));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  const name = `segra_session_check_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await run('PostgreSQL', await openPostgres(url.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}
