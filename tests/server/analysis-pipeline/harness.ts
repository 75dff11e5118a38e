import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { buildApp } from '../../../server/app.ts';
import type { Role } from '../../../server/auth/roles.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { startQueue, type JobQueue } from '../../../server/jobs/queue.ts';
import { startWorkers } from '../../../server/jobs/workers.ts';

/** An app on a fresh database with the job queue and an in-process worker polling fast; `settings` as in the environment. */
export interface PipelineApp {
  app: FastifyInstance;
  db: Database;
  queue: JobQueue;
  token(role: Role, customerId: string | null, permissions?: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function pipelineApp(db: Database, dataDir: string, settings: Record<string, string> = {}): Promise<PipelineApp> {
  await migrate(db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...settings } as NodeJS.ProcessEnv);
  const queue = await startQueue(db, { work: true });
  const stopSweep = await startWorkers(queue, db, { pollingIntervalSeconds: 0.5, tenantRunningJobs: config.TENANT_RUNNING_JOBS });
  const app = await buildApp(config, { db, queue, logger: false });
  return {
    app,
    db,
    queue,
    token: (role, customerId, permissions = {}) =>
      app.signAccessToken({ sub: crypto.randomUUID(), name: role, email: `${role.toLowerCase()}@test.local`, customerId, Role: role, permissions } as never),
    async close() {
      stopSweep();
      await app.close();
      await queue.stop();
    },
  };
}

/** Inserts a customer and a system of it directly (system creation itself is tested elsewhere). */
export async function seedCustomer(db: Database, name: string): Promise<{ customerId: string; systemId: string }> {
  const c = await db.query<{ id: string }>('INSERT INTO customers (name) VALUES ($1) RETURNING id', [name]);
  const s = await db.query<{ id: string }>(
    `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number) VALUES ($1, 'PRD', 'S/4HANA', 'HW', '0020123456', '00') RETURNING id`,
    [c.rows[0].id],
  );
  return { customerId: c.rows[0].id, systemId: s.rows[0].id };
}

/** A multipart body as app.inject takes it. */
export async function multipart(files: Record<string, Uint8Array | string>, fields: Record<string, string> = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [name, data] of Object.entries(files)) form.append('files', new Blob([data as BlobPart]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** The files of a folder, by name. */
export const folderFiles = (dir: string): Record<string, Uint8Array> =>
  Object.fromEntries(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))]));

export const zipFolder = (dir: string): Uint8Array => zipSync(folderFiles(dir));

/** Polls until `done` holds for the record (or the time is up). */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
