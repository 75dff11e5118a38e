import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';

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
    holderName: 'holder_name',
    // USR02-USTYP of a user finding's holder as analysed (issue 27 item 6): '' unknown, null for roles and profiles.
    userType: 'user_type',
    riskId: 'risk_id',
    riskDescription: 'risk_description',
    riskLevel: 'risk_level',
    riskType: 'risk_type',
    businessProcess: 'business_process',
    // DESIGN 5.11 and 6: `functions` with permissions, as the CLI's JSON; the CSV's FUNCTIONS
    // text (column `functions`) goes to the exports only.
    functions: 'provenance',
    sources: 'sources',
    meetingRoles: 'meeting_roles',
    accepted: 'accepted',
    acceptedBy: 'accepted_by',
    acceptanceId: 'acceptance_id',
    message: 'message',
    orgValues: 'org_values',
    execution: 'execution',
    executionRank: 'execution_rank',
    remediation: 'remediation',
    usage: 'usage',
    status: 'status',
    controls: 'controls',
    // DESIGN 5.18: no single system's user meets the whole risk (false in an analysis of one system).
    crossSystem: 'cross_system',
  },
  createSchema: z.object({}),
  updateSchema: z.object({}),
  operations: { create: false, update: false, delete: false },
  sortable: ['id', 'level', 'holder', 'riskId', 'riskLevel', 'riskType', 'businessProcess', 'accepted', 'executionRank', 'status'],
  defaultSort: ['holder', 'ASC'],
  filterable: { analysisId: 'eq', level: 'in', holder: 'ilike', riskId: 'in', riskLevel: 'in', riskType: 'in', businessProcess: 'in', accepted: 'eq', execution: 'in', status: 'in', userType: 'in', crossSystem: 'eq' },
  // The dashboards' links name one holder: `holder` would also match every longer name (issue 15).
  filterAliases: { holderExact: { field: 'holder', op: 'eq' } },
  q: ['holder', 'riskId', 'businessProcess'],
  tenantScoped: true,
  // An L analysis has a million findings with their provenance: pages by ids (migration 0017).
  pageByIds: true,
  // A page is written as JSON by the database (issue 11: CPU per answer under load).
  pageAsJson: true,
  // Many auditors page one analysis at once: its pages are kept while no write is heard (kept-pages.ts).
  keepPages: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: [], page: 'reports/list' },
};

export function registerFindings(app: FastifyInstance, db: Database): void {
  defineResource(app, findingsResource, { db });
}
