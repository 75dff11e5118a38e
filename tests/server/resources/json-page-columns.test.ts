import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { resources } from '../../../server/resources/define-resource.ts';
import { pgliteDatabase } from '../databases.ts';
import { config } from '../resource-samples.ts';

/**
 * A page the database writes as JSON (`pageAsJson`) is only the record read by the driver when
 * each column's type is written alike both ways: timestamptz only through `jsonTimestamps`
 * (ISO with milliseconds, UTC), and no type the drivers read otherwise (int8 and numeric as
 * strings, date and timestamp as local Dates) — a new column of such a type fails here.
 */
const DRIVERS_DIFFER = new Set(['bigint', 'numeric', 'date', 'timestamp without time zone', 'real', 'double precision', 'money']);

describe('columns of the resources whose pages are JSON from the database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await pgliteDatabase().open();
    await migrate(db);
    await (await buildApp(config, { db, logger: false })).close();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('are of types written alike by the database and by JSON.stringify of the driver row', async () => {
    const json = [...resources.values()].filter((spec) => spec.pageAsJson);
    expect(json.map((spec) => spec.name)).toEqual(expect.arrayContaining(['findings', 'risks']));
    for (const spec of json) {
      const { rows } = await db.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
        [spec.table],
      );
      const types = new Map(rows.map((r) => [r.column_name, r.data_type]));
      for (const [field, column] of Object.entries(spec.columns)) {
        const type = types.get(column);
        expect(type, `${spec.name}.${field}`).toBeDefined();
        expect(DRIVERS_DIFFER.has(type!), `${spec.name}.${field} is ${type}`).toBe(false);
        expect(type === 'timestamp with time zone', `${spec.name}.${field} (${type}) and jsonTimestamps`).toBe((spec.jsonTimestamps ?? []).includes(field));
      }
    }
  });
});
