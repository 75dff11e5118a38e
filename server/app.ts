import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin } from './auth/auth-plugin.ts';
import { keptPagesPlugin } from './resources/kept-pages.ts';
import { signingSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerDocs } from './docs/openapi.ts';
import { AppError } from './errors.ts';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { readiness } from './http/readiness.ts';
import { apiHygiene } from './http/api-hygiene.ts';
import { accountRoutes } from './modules/account/account-routes.ts';
import { registerUsersAndGroups } from './modules/app-users/app-users-resource.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { corsRoutes } from './modules/cors-entries/cors-entries.ts';
import { registerCustomers } from './modules/customers/customers-resource.ts';
import { registerDepartments } from './modules/departments/departments-resource.ts';
import { licenceRoutes } from './modules/licences/licences-resource.ts';
import multipart from '@fastify/multipart';
import type { JobQueue } from './jobs/queue.ts';
import { analysisRoutes } from './modules/analyses/analyses-resource.ts';
import { registerFindings } from './modules/analyses/findings-resource.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { registerRiskDecisions } from './modules/risk-acceptances/risk-acceptances-resource.ts';
import { registerMitigationRoutes } from './modules/mitigations/index.ts';
import { riskPeriodRoutes } from './modules/risk-periods/risk-periods-resource.ts';
import { registerRulesetResources } from './modules/risk-periods/ruleset-resources.ts';
import { sqlQueryRoutes } from './modules/sql-queries/index.ts';
import { systemPeriodRoutes } from './modules/system-periods/system-periods-resource.ts';
import { systemRoutes } from './modules/systems/systems-resource.ts';
import { registerUserMap } from './modules/user-map/user-map-routes.ts';
import { usageRoutes } from './modules/usage/index.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { registerNotifications } from './modules/notifications/notifications.ts';

/** Paths of build output (scripts, styles, maps, images, fonts): a missing one is a 404, never the SPA. */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|html)$/i;

const ROOT = PROJECT_ROOT;

/** Builds the application: API routes under /api and, when built, the SPA with fallback. */
export async function buildApp(
  config: Config,
  options: { db: Database; logger?: boolean; /** Imports and analyses are enqueued here; without it they answer 503. */ queue?: JobQueue },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1 << 20,
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion injects style elements
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
      },
    },
  });

  app.setErrorHandler((thrown: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A lost connection is no fault of the request: 503 with when to try again (DESIGN 7b).
    const error = !(thrown instanceof AppError) && isDatabaseUnavailable(thrown) ? databaseUnavailable() : thrown;
    if (error instanceof AppError) {
      if (error.code === 'DATABASE_UNAVAILABLE') {
        request.log.warn({ err: thrown }, 'database unavailable');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      return reply
        .status(error.statusCode)
        .send({
          message: error.message,
          code: error.code,
          ...(error.params ? { params: error.params } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
        });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      // Internals stay in the log; the answer carries the request id to find them.
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Internal error', code: 'INTERNAL', params: {}, requestId: request.id });
    }
    return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
  });

  apiHygiene(app);
  // Before any route: @fastify/swagger collects routes as they are added (/api/docs, /api/docs/json).
  await registerDocs(app);
  await app.register(authPlugin, { secret: await signingSecret(options.db, config.JWT_SECRET), ttl: config.JWT_TTL, db: options.db });
  await app.register(keptPagesPlugin, { db: options.db, keep: config.KEEP_LIST_PAGES });
  await app.register(authRoutes, { db: options.db, loginRateLimit: config.LOGIN_RATE_LIMIT });
  registerCustomers(app, options.db);
  registerDepartments(app, options.db);
  registerUsersAndGroups(app, options.db);
  await app.register(accountRoutes, { db: options.db, config });
  await app.register(licenceRoutes, { db: options.db, config });
  await app.register(systemRoutes, { db: options.db });
  await app.register(corsRoutes, { db: options.db });
  await app.register(sqlQueryRoutes, { db: options.db, config });
  // Extracts are large: files stream to disk, up to MAX_UPLOAD_MB each (413 beyond).
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_MB * 1024 * 1024, files: 40, fields: 20 } });
  const jobs = { db: options.db, config, queue: options.queue };
  await app.register(systemPeriodRoutes, jobs);
  await app.register(riskPeriodRoutes, jobs);
  await app.register(async (scope) => registerRulesetResources(scope, options.db));
  await app.register(analysisRoutes, { db: options.db, config, queue: options.queue });
  await app.register(async (scope) => registerFindings(scope, options.db));
  await app.register(async (scope) => registerRiskDecisions(scope, options.db));
  await app.register(async (scope) => registerMitigationRoutes(scope, options.db, config));
  await app.register(async (scope) => registerUserMap(scope, options.db));
  await app.register(reportRoutes, { db: options.db, config, queue: options.queue });
  await app.register(usageRoutes, { db: options.db, config, queue: options.queue });

  registerNotifications(app, options.db);
  app.get('/api/health', async () => ({ status: 'ok' }));
  readiness(app, { db: options.db, queue: options.queue });

  const dist = config.WEB_DIR ? path.resolve(config.WEB_DIR) : path.join(ROOT, 'dist');
  if (existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, { root: dist, wildcard: false });
    app.setNotFoundHandler((request, reply) => {
      // API paths and missing files (an old asset after a rebuild) get a real 404, not the SPA.
      const pathname = request.url.split('?')[0];
      // (Only a file type the build emits counts as an asset: /reset-password/{token}/{email} ends in a domain.)
      if (pathname.startsWith('/api/') || request.method !== 'GET' || STATIC_FILE.test(pathname)) {
        return reply
          .status(404)
          .send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'ROUTE_NOT_FOUND', params: {} });
      }
      return reply.sendFile('index.html');
    });
  }
  return app;
}
