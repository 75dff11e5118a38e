import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';
import { addFindingNames } from './finding-names.ts';

/** Findings of analyses (DESIGN 6: id, analysisId, level, holder, holderName, riskId, riskDescription, … accepted, acceptedBy, message); read-only. */
export const findingsResource: ResourceSpec = {
  name: 'findings',
  table: 'findings',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    analysisId: 'analysis_id',
    level: 'level',
    holder: 'holder',
    riskId: 'risk_id',
    riskLevel: 'risk_level',
    riskType: 'risk_type',
    businessProcess: 'business_process',
    functions: 'functions',
    sources: 'sources',
    provenance: 'provenance',
    meetingRoles: 'meeting_roles',
    accepted: 'accepted',
    acceptedBy: 'accepted_by',
    acceptanceId: 'acceptance_id',
    message: 'message',
    orgValues: 'org_values',
    status: 'status',
    controls: 'controls',
  },
  createSchema: z.object({}),
  updateSchema: z.object({}),
  operations: { create: false, update: false, delete: false },
  sortable: ['id', 'level', 'holder', 'riskId', 'riskLevel', 'riskType', 'businessProcess', 'accepted', 'status'],
  defaultSort: ['holder', 'ASC'],
  filterable: { analysisId: 'eq', level: 'in', holder: 'ilike', riskId: 'in', riskLevel: 'in', riskType: 'in', businessProcess: 'in', accepted: 'eq', status: 'in' },
  q: ['holder', 'riskId', 'businessProcess'],
  tenantScoped: true,
  // An L analysis has a million findings with their provenance: pages by ids (migration 0017).
  pageByIds: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: [], page: 'reports/list' },
  decorate: async (db, records) => (await addFindingNames(db, records as never)) as unknown as Record<string, unknown>[],
};

export function registerFindings(app: FastifyInstance, db: Database): void {
  defineResource(app, findingsResource, { db });
}
