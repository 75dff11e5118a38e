import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { registerUsageReports } from './usage-reports.ts';
import { registerUsageRoutes } from './usage-routes.ts';

/** Usage ("did-do", DESIGN 5.17): the period's usage table, and the reports built on it. */
export async function usageRoutes(app: FastifyInstance, options: { db: Database; config: Config; queue?: JobQueue }): Promise<void> {
  registerUsageRoutes(app, options);
  registerUsageReports(app, options.db);
}
