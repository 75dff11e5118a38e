import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';
import { nameText } from '../../resources/fields.ts';

const name = nameText('Name');

/** Departments of the caller's customer. */
export const departmentsResource: ResourceSpec = {
  name: 'departments',
  table: 'departments',
  columns: { id: 'id', customerId: 'customer_id', name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  createSchema: z.object({ name }),
  updateSchema: z.object({ name: name.optional() }),
  sortable: ['id', 'name', 'createdAt', 'updatedAt', 'customerId'],
  defaultSort: ['name', 'ASC'],
  filterable: { name: 'ilike', customerId: 'eq' },
  q: ['name'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: ['Admin', 'User', 'SuperAdmin'], page: 'user/add-department' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A department with this name already exists',
};

export function registerDepartments(app: FastifyInstance, db: Database): void {
  defineResource(app, departmentsResource, { db });
}
