import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';
import { AppError, coded } from '../../errors.ts';
import { defineResource, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { aroundRoutes } from '../groups/route-wrap.ts';
import { assertSystemAllowed } from '../licences/licence-state.ts';

const text = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const fields = {
  sid: z
    .string({ error: 'SID is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9]{2}$/, 'SID must be 3 characters: a letter, then letters or digits'),
  sapVersion: text('SAP version', 100),
  hwKey: text('HW key', 100),
  installationNumber: z
    .string({ error: 'Install number is required' })
    .trim()
    .regex(/^\d{10}$/, 'Install number must be 10 digits'),
  systemNumber: z
    .string({ error: 'System number is required' })
    .trim()
    .regex(/^\d{2}$/, 'System number must be 2 digits'),
  licenceKey: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(200, 'Licence key is too long').nullish(),
  ),
};

const createSchema = z.object(fields);
const WRITE_ROLES: Role[] = ['Admin', 'SuperAdmin'];

/** SAP systems of the caller's customer. */
export const systemsResource: ResourceSpec = {
  name: 'systems',
  table: 'systems',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    sid: 'sid',
    sapVersion: 'sap_version',
    hwKey: 'hw_key',
    installationNumber: 'installation_number',
    systemNumber: 'system_number',
    licenceKey: 'licence_key',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema,
  updateSchema: z.object({
    sid: fields.sid.optional(),
    sapVersion: fields.sapVersion.optional(),
    systemNumber: fields.systemNumber.optional(),
    licenceKey: fields.licenceKey,
    // The installation number and hardware key are the licensed identity of a system: fixed after create.
  }),
  sortable: [
    'id',
    'sid',
    'sapVersion',
    'hwKey',
    'installationNumber',
    'systemNumber',
    'createdAt',
    'updatedAt',
    'customerId',
  ],
  defaultSort: ['sid', 'ASC'],
  filterable: {
    sid: 'ilike',
    sapVersion: 'ilike',
    installationNumber: 'eq',
    hwKey: 'eq',
    systemNumber: 'eq',
    customerId: 'eq',
  },
  q: ['sid', 'sapVersion', 'installationNumber', 'hwKey'],
  tenantScoped: true,
  access: { read: ['Admin', 'User', 'SuperAdmin'], write: WRITE_ROLES, page: 'system/default' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'System already exists',
  conflictCode: 'SYSTEM_EXISTS',
};

const systemExists = (): AppError => coded(409, 'SYSTEM_EXISTS', {}, 'System already exists');

/** The customer a create is for (null: none chosen, the resource layer answers); the caller's role and tenant as the resource layer checks them. */
async function createCustomer(db: Database, request: FastifyRequest): Promise<string | null> {
  return (await resourceContext(db, systemsResource, request, 'create')).customerId;
}

/** `/api/systems`; a new system needs a new SID and its customer's licence (or evaluation) to allow it. */
export async function systemRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  aroundRoutes(app, {
    'POST /api/systems': async (request, next) => {
      const customerId = await createCustomer(db, request);
      const parsed = createSchema.safeParse(request.body);
      if (customerId && parsed.success) {
        const { sid, installationNumber, hwKey } = parsed.data;
        const { rows } = await db.query('SELECT 1 FROM systems WHERE customer_id = $1 AND sid = $2', [customerId, sid]);
        if (rows.length > 0) throw systemExists();
        await assertSystemAllowed(db, customerId, installationNumber, hwKey);
      }
      return next().catch((e: unknown) => {
        if (e instanceof AppError && e.statusCode === 409) throw systemExists();
        throw e;
      });
    },
    'PUT /api/systems/:id': (_request, next) =>
      next().catch((e: unknown) => {
        if (e instanceof AppError && e.statusCode === 409) throw systemExists();
        throw e;
      }),
  });
  defineResource(app, systemsResource, { db });
}
