/**
 * Worker thread of the PGlite sandbox (pglite-sandbox.ts): its own in-memory PGlite with the
 * application's schema and the rows of one import only, where a stored query runs. The thread
 * that started it terminates it at the statement timeout, which PGlite itself cannot honour.
 * Messages are answered one at a time, in order.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { runInTransaction, runOnPglite, type SandboxOptions } from './sandbox.ts';
import type { WorkerReply, WorkerRequest } from './sandbox-messages.ts';

let pglite: PGlite | undefined;

async function init(template: ArrayBuffer | undefined): Promise<WorkerReply> {
  if (template) {
    // The schema of the first worker, dumped: skips initdb and the migrations (seconds).
    pglite = await PGlite.create({ loadDataDir: new Blob([template]) });
    return { type: 'ready' };
  }
  const db = await openPglite('memory://');
  await migrate(db);
  pglite = db.pglite!;
  const dump = await pglite.dumpDataDir('none');
  return { type: 'ready', template: await dump.arrayBuffer() };
}

async function handle(message: WorkerRequest): Promise<WorkerReply> {
  switch (message.type) {
    case 'init':
      return init(message.template);
    case 'load':
      // Identifiers come from PERIOD_TABLES on the other side, never from a query text.
      await pglite!.query(`COPY "${message.table}" (${message.columns.map((c) => `"${c}"`).join(', ')}) FROM '/dev/blob'`, [], {
        blob: new Blob([message.data]),
      });
      return { type: 'loaded' };
    case 'run': {
      const o = message.options as Required<SandboxOptions>;
      const result = await runOnPglite(pglite!, (run) => runInTransaction(run, message.importId, message.text, o));
      return { type: 'result', result };
    }
  }
}

parentPort!.on('message', (message: WorkerRequest) => {
  handle(message).then(
    (reply) => parentPort!.postMessage(reply, reply.type === 'ready' && reply.template ? [reply.template] : []),
    (e: unknown) => {
      const reply: WorkerReply =
        e instanceof AppError
          ? { type: 'error', statusCode: e.statusCode, code: e.code, message: e.message }
          : { type: 'error', message: (e as Error)?.message ?? String(e) };
      parentPort!.postMessage(reply);
    },
  );
});
