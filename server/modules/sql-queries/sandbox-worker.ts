/**
 * Child process of the PGlite sandbox (pglite-sandbox.ts): its own in-memory PGlite with the
 * application's schema and the rows of one import only, where a stored query runs. The server
 * kills it at the statement timeout, which PGlite itself cannot honour. Messages are answered
 * one at a time, in order.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '../../db/schema-template.ts';
import { AppError } from '../../errors.ts';
import { runInTransaction, runOnPglite, type SandboxOptions } from './sandbox.ts';
import type { WorkerReply, WorkerRequest } from './sandbox-messages.ts';

let pglite: PGlite | undefined;

/** The schema from the template file when there is one (about 1 s), else built and saved there (initdb and migrations: seconds). */
async function init(template: string): Promise<WorkerReply> {
  pglite = (await openMigratedPglite(template)).pglite!;
  return { type: 'ready' };
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

process.on('message', (message: WorkerRequest) => {
  handle(message).then(
    (reply) => process.send!(reply),
    (e: unknown) => {
      const reply: WorkerReply =
        e instanceof AppError
          ? { type: 'error', statusCode: e.statusCode, code: e.code, params: e.params, message: e.message }
          : { type: 'error', message: (e as Error)?.message ?? String(e) };
      process.send!(reply);
    },
  );
});
// The server gone (stopped or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
