import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { tenantLimits } from '../../jobs/admission.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { PreparedCache } from '../../reports/prepared-cache.ts';
import { registerBasis } from './basis.ts';
import { registerCompare } from './compare.ts';
import { registerDashboard } from './dashboard.ts';
import { registerHolderViews } from './holder-views.ts';
import { registerSimulation } from './simulation.ts';

export interface ReportRouteOptions {
  db: Database;
  config?: Config;
  /** Basis runs are enqueued here; without it starting one answers 503. */
  queue?: JobQueue;
  /** Prepared analyses kept for simulations (LRU); 2 by default. */
  simulationCacheSize?: number;
}

/**
 * Reports (issue 4): dashboard, comparison of two analyses, simulation, basis analysis.
 * `GET /api/reports/dashboard`, `GET /api/analyses/compare`, `POST /api/simulations`,
 * `basis-findings` and `/api/system-periods/:id/basis[/export]`.
 */
export async function reportRoutes(app: FastifyInstance, options: ReportRouteOptions): Promise<void> {
  const { db } = options;
  // Without a configuration (tests mounting the reports alone): the settings' defaults.
  const config = options.config ?? loadConfig({});
  const cache = new PreparedCache(db, options.simulationCacheSize ?? 2);
  // The prepared periods live in worker threads: a closing app ends them.
  app.addHook('onClose', async () => cache.clear());
  registerDashboard(app, db);
  registerHolderViews(app, db);
  registerCompare(app, db);
  registerSimulation(app, db, cache, config.USER_RUNNING_SIMULATIONS);
  registerBasis(app, db, tenantLimits(config), options.queue);
}
