import { isInputError } from '../importers/input-error.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { UsageError } from './usage-error.ts';

import { ANALYZE_USAGE, BACKUP_HELP, BACKUP_USAGE, BASIS_USAGE, BENCH_USAGE, GENERATE_USAGE, LICENCE_HELP, LICENCE_USAGE, RESTORE_USAGE } from './usage.ts';

type Command = (args: string[]) => Promise<number>;

// Commands load lazily: `segra serve` need not load the generator, nor `analyze` Fastify.
const COMMANDS: Record<string, { run: Command; usage: string; help?: string }> = {
  analyze: { run: (a) => import('./analyze-command.ts').then((m) => m.analyzeCommand(a)), usage: ANALYZE_USAGE },
  basis: { run: (a) => import('./basis-command.ts').then((m) => m.basisCommand(a)), usage: BASIS_USAGE },
  generate: { run: (a) => import('./generate-command.ts').then((m) => m.generateCommand(a)), usage: GENERATE_USAGE },
  bench: { run: (a) => import('./bench-command.ts').then((m) => m.benchCommand(a)), usage: BENCH_USAGE },
  serve: { run: (a) => import('./serve-command.ts').then((m) => m.serveCommand(a)), usage: 'segra serve [--no-worker]' },
  worker: { run: (a) => import('./serve-command.ts').then((m) => m.workerCommand(a)), usage: 'segra worker' },
  migrate: { run: (a) => import('./serve-command.ts').then((m) => m.migrateCommand(a)), usage: 'segra migrate' },
  backup: { run: (a) => import('./backup-command.ts').then((m) => m.backupCommand(a)), usage: BACKUP_USAGE, help: BACKUP_HELP },
  restore: { run: (a) => import('./backup-command.ts').then((m) => m.restoreCommand(a)), usage: RESTORE_USAGE, help: BACKUP_HELP },
  licence: { run: (a) => import('./licence-command.ts').then((m) => m.licenceCommand(a)), usage: LICENCE_USAGE, help: LICENCE_HELP },
};

function usage(): string {
  return `Usage:\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage}`)
    .join('\n')}\n`;
}

/** Runs one `segra` command; returns the exit status (0 ok, 2 bad input, 1 failure). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`segra: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  // `segra <command> --help` (also after a subcommand or other flags) answers the usage, not an unknown-option error.
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`Usage: ${command.help ?? command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`segra ${name}: ${e.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`segra ${name}: ${e.message}\n`);
      return 2;
    }
    if (isInputError(e)) {
      process.stderr.write(`segra ${name}: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`segra ${name}: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}
