import { z } from 'zod';
import { RULESET_LIMIT_DEFAULTS } from './importers/ruleset-bounds.ts';

/** Environment configuration, validated at start: a wrong value stops the start and is named. */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8081),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Token signing secret; when unset one is generated and kept in the database. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Access token lifetime, e.g. 8h, 30m. */
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must be a number followed by s, m, h or d')
    .default('8h'),
  SEGRA_ADMIN_EMAIL: z.string().email('must be an email address').default('admin@segra.local'),
  SEGRA_ADMIN_PASSWORD: z.string().min(4, 'must be at least 4 characters').optional(),
  /** Login attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; unset: mails go to <DATA_DIR>/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of outgoing mail. */
  MAIL_FROM: z.string().min(3).default('Segra <no-reply@segra.local>'),
  /** Public address of the app, used in mailed links; http://localhost:8081 when unset. */
  PUBLIC_URL: z.string().url('must be a URL').optional(),
  /** Whether anyone may register (accounts then wait, pending, for an administrator). */
  REGISTRATION_OPEN: z.stringbool({ error: 'must be true or false' }).default(false),
  /** Lifetime of a password reset link, in minutes. */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  /** Public key that verifies licence files: PEM, or base64 of the DER SPKI of an Ed25519 key. Unset: licence upload answers 503. */
  LICENCE_PUBLIC_KEY: z.string().min(1).optional(),
  /** Largest single uploaded file (an extract .zip, a table file) in MiB; larger answers 413. */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(65536).default(4096),
  /** Most an upload may inflate to, all its files together, in MiB (a .zip or .xlsx decompressed); more answers 413 at once. */
  MAX_EXTRACT_MB: z.coerce.number().int().min(1).max(1048576).default(8192),
  /** Highest compression ratio an archive (or one of its entries) past 64 MiB inflated may have; more answers 422 (a zip bomb). Real exports compress 5-10 times. */
  MAX_EXTRACT_RATIO: z.coerce.number().min(2).max(10000).default(100),
  /** Most functions a ruleset may have (distinct FUNCTION_IDs); a ruleset with more is refused where the next one is met (DESIGN 7b). */
  MAX_RULESET_FUNCTIONS: z.coerce.number().int().min(1).default(RULESET_LIMIT_DEFAULTS.functions),
  /** Most lines a ruleset's tables may have, all together (header lines not counted); more is refused at the first line past it (DESIGN 7b). */
  MAX_RULESET_LINES: z.coerce.number().int().min(1).default(RULESET_LIMIT_DEFAULTS.lines),
  /**
   * Split an analysis of at least ANALYSIS_SHARD_MIN_USERS users into this many user shards that
   * the workers sharing the PostgreSQL queue evaluate in parallel (1: no split). Ignored on the
   * embedded database, which one process works alone.
   */
  ANALYSIS_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
  ANALYSIS_SHARD_MIN_USERS: z.coerce.number().int().min(1).default(20000),
  /**
   * Fair share (DESIGN 7b): heavy jobs (imports, analyses, basis runs) of one customer on the
   * queue at once; the customer's further jobs wait their turn, the customer served longest ago first.
   */
  TENANT_RUNNING_JOBS: z.coerce.number().int().min(1).max(64).default(1),
  /** Heavy jobs of one customer that may wait besides its running ones; one more answers 429 TENANT_QUEUED_JOBS. */
  TENANT_QUEUED_JOBS: z.coerce.number().int().min(0).max(10000).default(20),
  /** Simulations one user may have running at once on all API nodes; one more answers 429 USER_RUNNING_SIMULATIONS. */
  USER_RUNNING_SIMULATIONS: z.coerce.number().int().min(1).max(64).default(2),
  /** Stored (special SQL) queries one user may have running at once on all API nodes; one more answers 429 USER_RUNNING_QUERIES. */
  USER_RUNNING_QUERIES: z.coerce.number().int().min(1).max(64).default(2),
  /** How often an idle worker asks the queue for work, in seconds (pg-boss polling). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * A job whose worker has sent no heartbeat for this many seconds is taken over by a live worker
   * (PostgreSQL; DESIGN 7b, server/jobs/job-takeover.ts). The default keeps a takeover within
   * 60 s of the last heartbeat; a shorter time takes over sooner (tests) at more queries.
   */
  JOB_DEAD_AFTER_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  /** First start on an empty database creates a demo customer with a generated landscape and a completed analysis. */
  SEED_DEMO: z.stringbool({ error: 'must be true or false' }).default(true),
  /**
   * On PostgreSQL each API node keeps the findings list pages it answered while it hears every
   * write to the findings (server/resources/kept-pages.ts); false: every page is read anew.
   */
  KEEP_LIST_PAGES: z.stringbool({ error: 'must be true or false' }).default(true),
  /** Folder of the built web app that the server hands out; unset: dist/ beside the server. */
  WEB_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema>;

/** The names of every setting, e.g. for checking that the README names them all. */
export const CONFIG_SETTINGS: readonly string[] = Object.keys(schema.shape);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues);
  return parsed.data;
}

const configError = (issues: readonly z.core.$ZodIssue[]): ConfigError =>
  new ConfigError(`invalid configuration: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
