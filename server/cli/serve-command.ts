import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { parseFlags } from './options.ts';

/** `segra serve`: the API and the built SPA on PORT (8081), until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  parseFlags(args, { 'no-worker': { type: 'boolean' } });
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      app.log.info('shutting down');
      void app.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

// The queue worker and migrations come with the database layer (issue 3); until then the
// commands say so rather than pretend to work.
export async function workerCommand(_args: string[]): Promise<number> {
  process.stderr.write('segra worker: the job queue is not available yet (database layer pending, issue 3)\n');
  return 1;
}

export async function migrateCommand(_args: string[]): Promise<number> {
  process.stderr.write('segra migrate: no database schema exists yet (database layer pending, issue 3)\n');
  return 1;
}
