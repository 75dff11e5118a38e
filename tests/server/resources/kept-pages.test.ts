import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { KeptPages, KEPT_PAGES_TTL_MS, type KeptPage } from '../../../server/resources/kept-pages.ts';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type TestDatabase } from '../databases.ts';
import { config, fixtures } from '../resource-samples.ts';

const page = (records: string, total = 1): KeptPage => ({ records, length: 1, total });

describe('kept list pages (the cache)', () => {
  it('answers a kept page until its time is up', () => {
    let now = 1000;
    const kept = new KeptPages({ now: () => now });
    kept.active = true;
    kept.put('k', page('[1]'), kept.generation);
    expect(kept.get('k')?.records).toBe('[1]');
    now += KEPT_PAGES_TTL_MS - 1;
    expect(kept.get('k')?.records).toBe('[1]');
    now += 1;
    expect(kept.get('k')).toBeUndefined();
  });

  it('keeps nothing while it does not hear the writes (no LISTEN: PGlite, or the connection lost)', () => {
    const kept = new KeptPages();
    kept.put('k', page('[1]'), kept.generation);
    expect(kept.get('k')).toBeUndefined();
    kept.active = true;
    kept.put('k', page('[1]'), kept.generation);
    kept.active = false;
    expect(kept.get('k')).toBeUndefined();
  });

  it('drops every page on a write, and does not keep a page read before the write', () => {
    const kept = new KeptPages();
    kept.active = true;
    kept.put('a', page('[1]'), kept.generation);
    const before = kept.generation;
    kept.forgetAll();
    expect(kept.get('a')).toBeUndefined();
    kept.put('b', page('[2]'), before);
    expect(kept.get('b')).toBeUndefined();
    kept.put('b', page('[2]'), kept.generation);
    expect(kept.get('b')?.records).toBe('[2]');
  });

  it('shares one read among the same pages asked meanwhile, but not across a write', async () => {
    const kept = new KeptPages();
    kept.active = true;
    const releases: (() => void)[] = [];
    const read = (): Promise<KeptPage> => {
      const n = releases.length + 1;
      return new Promise((resolve) => releases.push(() => resolve(page(`[${n}]`))));
    };
    const first = kept.page('k', read);
    const second = kept.page('k', read);
    expect(releases).toHaveLength(1);
    kept.forgetAll();
    const third = kept.page('k', read);
    expect(releases).toHaveLength(2);
    for (const release of releases) release();
    expect([(await first).records, (await second).records, (await third).records]).toEqual(['[1]', '[1]', '[2]']);
    // The page read after the write is kept; the one begun before it was not.
    expect(kept.get('k')?.records).toBe('[2]');
  });

  it('neither shares nor keeps a read resting on what was read before a write (a search begun with its ids)', async () => {
    const kept = new KeptPages();
    kept.active = true;
    const begun = kept.generation;
    kept.forgetAll(); // the write, heard while the caller read its search's ids
    let reads = 0;
    const read = async (): Promise<KeptPage> => page(`[${++reads}]`);
    expect((await kept.page('k', read, begun)).records).toBe('[1]');
    expect(kept.get('k')).toBeUndefined();
    expect(await kept.total('t', async () => 7, begun)).toBe(7);
    expect((await kept.page('k', read)).records).toBe('[2]');
    expect(kept.get('k')?.records).toBe('[2]');
  });

  it('holds at most its budget of characters, dropping the oldest pages first', () => {
    const kept = new KeptPages({ budget: 10 });
    kept.active = true;
    kept.put('a', page('[1,2,3]'), kept.generation);
    kept.put('b', page('[4,5,6]'), kept.generation);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('b')?.records).toBe('[4,5,6]');
    kept.put('c', page('[7,8,9,10,11,12]'), kept.generation);
    expect(kept.get('c')).toBeUndefined(); // larger than the whole budget: never kept
    expect(kept.get('b')?.records).toBe('[4,5,6]');
  });
});

/** Two API nodes on one database, a finding, and a page of the findings list as an Admin. */
function twoNodes(target: TestDatabase, keeps: boolean, settings = config): void {
  let db: Database;
  const apps: FastifyInstance[] = [];
  let analysisId: string;
  let customerId: string;
  let token: string;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(settings, { db, logger: false });
      await app.ready();
      apps.push(app);
    }
    customerId = crypto.randomUUID();
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme')`, [customerId]);
    analysisId = (await fixtures(db, customerId)).analysisId;
    await db.query(
      `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance)
       VALUES ($1, $2, 'USER', 'ALICE', 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]')`,
      [customerId, analysisId],
    );
    token = apps[0].signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId, Role: 'Admin', permissions: {} });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.close();
    await target.teardown();
  });
  const list = (app: FastifyInstance, range = [0, 24]) =>
    app.inject({
      method: 'GET',
      url: `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId }))}&sort=${encodeURIComponent('["holder","ASC"]')}&range=${encodeURIComponent(JSON.stringify(range))}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const statuses = async (app: FastifyInstance) => ((await list(app)).json() as { status: string }[]).map((f) => f.status);
  /** The statements naming the findings made while `during` ran. */
  const sqlDuring = async (during: () => Promise<unknown>): Promise<string[]> => {
    const query = db.query.bind(db);
    const seen: string[] = [];
    db.query = ((sql: string, params?: unknown[]) => {
      if (/findings/.test(sql)) seen.push(sql);
      return query(sql, params);
    }) as Database['query'];
    try {
      await during();
    } finally {
      db.query = query;
    }
    return seen;
  };
  const statementsDuring = async (during: () => Promise<unknown>): Promise<number> => (await sqlDuring(during)).length;

  it(keeps ? 'answers a page asked again from what it kept' : 'reads every page from the database', async () => {
    expect(await statuses(apps[1])).toEqual(['open']);
    expect(await statementsDuring(() => list(apps[1]))).toBe(keeps ? 0 : 1);
  });

  it(keeps ? 'counts a small list once for all its pages' : 'counts a small list for every page', async () => {
    await db.query(
      `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance)
       VALUES ($1, $2, 'USER', 'BOB', 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]')`,
      [customerId, analysisId],
    );
    try {
      const first = await list(apps[0], [0, 0]);
      expect(first.headers['content-range']).toBe('findings 0-0/2');
      let second: Awaited<ReturnType<typeof list>> | undefined;
      const seen = await sqlDuring(async () => (second = await list(apps[0], [1, 1])));
      expect(second!.headers['content-range']).toBe('findings 1-1/2');
      expect((second!.json() as { holder: string }[]).map((f) => f.holder)).toEqual(['BOB']);
      expect(seen).toHaveLength(1);
      expect(seen[0].includes('count(*)::int AS total')).toBe(!keeps);
    } finally {
      await db.query(`DELETE FROM findings WHERE holder = 'BOB'`);
    }
  });

  // Only a node that hears the writes can follow them before the count cache's 5 s are up.
  if (keeps) {
    it("follows a write made elsewhere in a search's total and rows too (its kept ids)", async () => {
      const search = () =>
        apps[1].inject({
          method: 'GET',
          url: `/api/findings?filter=${encodeURIComponent(JSON.stringify({ analysisId, q: 'ALI' }))}&range=${encodeURIComponent('[0,24]')}`,
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await search()).headers['content-range']).toBe('findings 0-0/1');
      await db.query(
        `INSERT INTO findings (customer_id, analysis_id, level, holder, risk_id, risk_level, risk_type, business_process, functions, sources, provenance)
         VALUES ($1, $2, 'USER', 'ALINA', 'R1', 'HIGH', 'SOD', 'P2P', 'F1:FB60', 'R:Z_AP', '[]')`,
        [customerId, analysisId],
      );
      try {
        const start = Date.now();
        let range = (await search()).headers['content-range'];
        while (range !== 'findings 0-1/2' && Date.now() - start < 3000) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          range = (await search()).headers['content-range'];
        }
        expect(range).toBe('findings 0-1/2');
        expect(Date.now() - start).toBeLessThan(1000);
      } finally {
        await db.query(`DELETE FROM findings WHERE holder = 'ALINA'`);
      }
    });
  }

  it('shows a write to the findings made elsewhere (a worker, psql) on the next pages of every node', async () => {
    expect(await statuses(apps[1])).toEqual(['open']);
    await db.query(`UPDATE findings SET accepted = true WHERE analysis_id = $1`, [analysisId]);
    const start = Date.now();
    let seen = await statuses(apps[1]);
    while (seen[0] !== 'accepted' && Date.now() - start < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await statuses(apps[1]);
    }
    expect(seen).toEqual(['accepted']);
    // Well before the pages' own time is up: the node heard the write.
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('shows a risk deactivated on one node as deactivated on the pages of the other, and no longer once reactivated (issue 27)', async () => {
    const { riskPeriodId } = await fixtures(db, customerId);
    await db.query(`INSERT INTO risks (customer_id, risk_period_id, risk_id, risk_type, risk_level) VALUES ($1, $2, 'R1', 'SOD', 'HIGH') ON CONFLICT DO NOTHING`, [customerId, riskPeriodId]);
    const before = await statuses(apps[1]);
    expect(before).not.toEqual(['deactivated']);
    /** The other node's page once it shows `want`, or what it shows after 3 s; and how long that took. */
    const other = async (want: string[]) => {
      const start = Date.now();
      let seen = await statuses(apps[1]);
      while (JSON.stringify(seen) !== JSON.stringify(want) && Date.now() - start < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = await statuses(apps[1]);
      }
      return { seen, ms: Date.now() - start };
    };
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      apps[0].inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const created = await call('POST', '/api/risk-deactivations', { riskId: 'R1' });
    expect(created.statusCode).toBe(201);
    const off = await other(['deactivated']);
    expect(off.seen).toEqual(['deactivated']);
    expect(off.ms).toBeLessThan(1000);
    expect((await call('DELETE', `/api/risk-deactivations/${created.json().id}`)).statusCode).toBe(200);
    const on = await other(before);
    expect(on.seen).toEqual(before);
    expect(on.ms).toBeLessThan(1000);
  });
}

describe('findings pages on PGlite', () => twoNodes(pgliteDatabase(), false));
describe.skipIf(!postgresAdminUrl)('findings pages kept by two API nodes of one PostgreSQL', () => twoNodes(postgresDatabase(), true));
describe.skipIf(!postgresAdminUrl)('findings pages on PostgreSQL with KEEP_LIST_PAGES=false', () =>
  twoNodes(postgresDatabase(), false, { ...config, KEEP_LIST_PAGES: false }),
);
