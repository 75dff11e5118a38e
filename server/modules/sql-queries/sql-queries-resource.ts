import { z } from 'zod';
import { nameText } from '../../resources/fields.ts';
import type { Role } from '../../auth/roles.ts';
import type { ResourceSpec } from '../../resources/define-resource.ts';
import { checkReadOnlyQuery, SqlGuardError } from './sql-guard.ts';

export const SQL_QUERY_TYPES_MAX = 50;

const name = nameText('Name');
const description = z.string({ error: 'Description must be text' }).trim().max(2000, 'Description is too long');
const type = z
  .string({ error: 'Type must be text' })
  .trim()
  .min(1, 'Type is required')
  .max(SQL_QUERY_TYPES_MAX, 'Type is too long');
/** The stored text must already pass the sandbox's lexical check (it is checked again on every run). */
const rawQuery = z
  .string({ error: 'Query is required' })
  .trim()
  .min(1, 'Query is required')
  .max(20_000, 'Query is too long')
  .superRefine((text, ctx) => {
    try {
      checkReadOnlyQuery(text);
    } catch (e) {
      if (e instanceof SqlGuardError) ctx.addIssue({ code: 'custom', message: e.message });
      else throw e;
    }
  });

const WRITE_ROLES: Role[] = ['Admin', 'SuperAdmin'];

/** Stored special SQL queries of the caller's customer (DESIGN 7). */
export const sqlQueriesResource: ResourceSpec = {
  name: 'sql-queries',
  table: 'sql_queries',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    name: 'name',
    description: 'description',
    type: 'type',
    rawQuery: 'raw_query',
    createdBy: 'created_by',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({
    name,
    description: description.optional(),
    type: type.optional(),
    rawQuery,
  }),
  updateSchema: z.object({
    name: name.optional(),
    description: description.optional(),
    type: type.optional(),
    rawQuery: rawQuery.optional(),
  }),
  sortable: ['id', 'name', 'type', 'createdBy', 'createdAt', 'updatedAt', 'customerId'],
  defaultSort: ['name', 'ASC'],
  filterable: { name: 'ilike', type: 'eq', customerId: 'eq' },
  q: ['name', 'description', 'type'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: WRITE_ROLES, page: 'admin/sql' },
  touchOnUpdate: ['updated_at'],
  stamp: (ctx, op) => (op === 'create' ? { createdBy: ctx.user.email } : {}),
  conflictMessage: 'A query with this name already exists',
};
