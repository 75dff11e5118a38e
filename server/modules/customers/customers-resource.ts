import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { nameText, visible } from '../../resources/fields.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';

// Spec 5: "Company admin fields accept English characters only" — applied to vkn and contactNumber.
const ENGLISH_ONLY = /^[\x20-\x7E]*$/;
const ENGLISH_MESSAGE = 'Only English characters are allowed';

/** An optional text field: '' and null both mean "not given" (stored as null). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish());

const fields = {
  vkn: optional(
    z.string().trim().regex(ENGLISH_ONLY, ENGLISH_MESSAGE).regex(/^\d{10,11}$/, 'VKN must be 10 or 11 digits'),
  ),
  name: nameText('Name'),
  contactNumber: optional(
    z.string().trim().regex(ENGLISH_ONLY, ENGLISH_MESSAGE).regex(/^[0-9+ ]{3,30}$/, 'Invalid phone number'),
  ),
  contactPerson: optional(visible(z.string().trim().max(TEXT_LIMITS.name, 'Contact person is too long'))),
  mail: optional(z.string().trim().max(TEXT_LIMITS.email, 'Email is not valid').email('Email is not valid')),
  ip: optional(z.string().trim().max(TEXT_LIMITS.name, 'IP is too long')),
  address: optional(z.string().trim().max(TEXT_LIMITS.address, 'Address is too long')),
  status: z.enum(['active', 'passive'], { error: "Status must be 'active' or 'passive'" }),
};

const createSchema = z.object({ ...fields, status: fields.status.default('active') });
const updateSchema = z.object({ ...fields, name: fields.name.optional(), status: fields.status.optional() });

/** Customers (tenants): SuperAdmin only, not tenant-scoped. */
export const customersResource: ResourceSpec = {
  name: 'customers',
  table: 'customers',
  columns: {
    id: 'id',
    vkn: 'vkn',
    name: 'name',
    contactNumber: 'contact_number',
    contactPerson: 'contact_person',
    mail: 'mail',
    ip: 'ip',
    address: 'address',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    modifiedBy: 'modified_by',
  },
  createSchema,
  updateSchema,
  sortable: ['id', 'name', 'vkn', 'contactPerson', 'mail', 'status', 'createdAt', 'updatedAt'],
  defaultSort: ['name', 'ASC'],
  filterable: { name: 'ilike', vkn: 'eq', status: 'eq', mail: 'ilike', contactPerson: 'ilike' },
  q: ['name', 'vkn', 'contactPerson', 'mail', 'contactNumber'],
  tenantScoped: false,
  access: { read: ['SuperAdmin'], write: ['SuperAdmin'], page: 'customer' },
  touchOnUpdate: ['updated_at'],
  stamp: (ctx) => ({ modifiedBy: ctx.user.email }),
  conflictMessage: 'A customer with these values already exists',
  beforeDelete: async (db, id) => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_users WHERE customer_id = $1', [id]);
    if (Number(rows[0].n) > 0) {
      throw coded(409, 'CUSTOMER_HAS_USERS', { count: rows[0].n }, `The customer has ${rows[0].n} user(s) and cannot be deleted; delete or move them first`);
    }
  },
};

export function registerCustomers(app: FastifyInstance, db: Database): void {
  defineResource(app, customersResource, { db });
}
