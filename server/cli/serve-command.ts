import { buildApp } from '../app.ts';
import { ensureSuperAdmin } from '../auth/bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { parseFlags } from './options.ts';

/** `segra serve`: the API and the built SPA on PORT (8081), until SIGINT/SIGTERM. */
export async function serveCommand(args: string[]): Promise<number> {
  parseFlags(args, { 'no-worker': { type: 'boolean' } });
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await applyMigrations(db, config);
    const admin = await ensureSuperAdmin(db, { email: config.SEGRA_ADMIN_EMAIL, password: config.SEGRA_ADMIN_PASSWORD });
    if (admin) {
      process.stdout.write(
        admin.generatedPassword
          ? `First start: SuperAdmin ${admin.email} created with the password ${admin.generatedPassword} (shown once; change it after logging in)\n`
          : `First start: SuperAdmin ${admin.email} created with SEGRA_ADMIN_PASSWORD\n`,
      );
    }
    const app = await buildApp(config, { db });
    await app.listen({ port: config.PORT, host: config.HOST });
    await new Promise<void>((resolve) => {
      const stop = (): void => {
        app.log.info('shutting down');
        void app.close().then(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  } finally {
    await db.close();
  }
  return 0;
}

/** Applies pending migrations and says on stdout what was applied. */
export async function applyMigrations(db: Database, config: Config, out: NodeJS.WritableStream = process.stdout): Promise<string[]> {
  const applied = await migrate(db);
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.DATA_DIR})`;
  out.write(
    applied.length === 0
      ? `migrations: ${where} is up to date\n`
      : `migrations: applied ${applied.length} migration(s) on ${where}: ${applied.join(', ')}\n`,
  );
  return applied;
}

// The queue worker comes with the job queue; until then the command says so rather than
// pretend to work.
export async function workerCommand(_args: string[]): Promise<number> {
  process.stderr.write('segra worker: the job queue is not available yet (database layer pending, issue 3)\n');
  return 1;
}

/** `segra migrate`: applies pending migrations to the configured database and exits. */
export async function migrateCommand(args: string[]): Promise<number> {
  parseFlags(args, {});
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await applyMigrations(db, config);
  } finally {
    await db.close();
  }
  return 0;
}
