import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import type { TestDatabase } from '../databases.ts';
import { config, fixtures } from '../resource-samples.ts';

type Fixtures = Awaited<ReturnType<typeof fixtures>>;

export interface ListPageApp {
  readonly db: Database;
  readonly fixtures: Fixtures;
  /** GET /api/<resource> with filter, sort and range, as an Admin of the customer. */
  list(filter: object, sort: [string, string], range: [number, number]): Promise<LightMyRequestResponse>;
  /** GET any URL of the API, as an Admin of the customer. */
  get(url: string): Promise<LightMyRequestResponse>;
  /** What each statement naming the resource's table answered (its rows) while `during` ran. */
  statementsDuring(during: () => Promise<void>): Promise<unknown[][]>;
}

/**
 * The app of the list-page suites, on a fresh database with one customer, its fixtures and the
 * rows `seed` writes; registers its own beforeAll and afterAll.
 */
export function listPageApp(target: TestDatabase, resource: string, seed: (db: Database, customerId: string, f: Fixtures) => Promise<void>): ListPageApp {
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  let f: Fixtures;
  const customerId = crypto.randomUUID();
  beforeAll(async () => {
    db = await target.open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Acme')`, [customerId]);
    f = await fixtures(db, customerId);
    await seed(db, customerId, f);
    token = app.signAccessToken({ sub: crypto.randomUUID(), name: 'a', email: 'a@test.local', customerId, Role: 'Admin', permissions: {} });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await target.teardown();
  });
  const param = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
  return {
    get db() {
      return db;
    },
    get fixtures() {
      return f;
    },
    list: (filter, sort, range) =>
      app.inject({
        method: 'GET',
        url: `/api/${resource}?filter=${param(filter)}&sort=${param(sort)}&range=${param(range)}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    get: (url) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    async statementsDuring(during) {
      const seen: unknown[][] = [];
      const query = db.query.bind(db);
      const table = new RegExp(`\\b${resource}\\b`);
      db.query = async <T,>(sql: string, params?: unknown[]) => {
        const result = await query<T>(sql, params);
        if (table.test(sql)) seen.push(result.rows);
        return result;
      };
      try {
        await during();
      } finally {
        db.query = query;
      }
      return seen;
    },
  };
}
