import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PageOperation } from '../../../contracts/pages.ts';
import type { Database } from '../../db/database.ts';
import { resourceContext, type ResourceContext, type ResourceSpec } from '../../resources/define-resource.ts';

const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;

/**
 * A tenant-scoped action gated by one group page, as a resource's custom routes are: the
 * caller's role, its group's flag on the page, and the customer of the call.
 */
export function pageGate(name: string, page: string): ResourceSpec {
  return {
    name,
    table: name.replace(/-/g, '_'),
    columns: { id: 'id' },
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: [],
    filterable: {},
    tenantScoped: true,
    access: { read: [...ROLES], write: [...ROLES], page },
  };
}

export const gate = (db: Database, spec: ResourceSpec, request: FastifyRequest, op: PageOperation): Promise<ResourceContext> =>
  resourceContext(db, spec, request, op);

export { formatParam, jsonParam, rangeParam, sendContentRange, XLSX_TYPE } from '../../resources/query-params.ts';

export const fileName = (name: string, fallback: string): string => name.replace(/[^\w.-]+/g, '_') || fallback;
