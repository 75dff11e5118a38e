import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { registerMitigationFiles } from './mitigation-files.ts';
import { registerMitigationReports } from './mitigation-reports.ts';
import { registerMitigations } from './mitigations-resource.ts';

/** Mitigating controls and mitigations (DESIGN 5.16, issue 16): resources, files, reports, the decision trail. */
export function registerMitigationRoutes(app: FastifyInstance, db: Database, config: Config): void {
  registerMitigationFiles(app, db);
  registerMitigationReports(app, db, config);
  registerMitigations(app, db);
}
