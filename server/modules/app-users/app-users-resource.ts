import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { visible } from '../../resources/fields.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Role } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';
import { AppError, fieldsInvalid, coded } from '../../errors.ts';
import { defineResource, isUuid, type ResourceSpec } from '../../resources/define-resource.ts';
import { registerGroups } from '../groups/groups-resource.ts';
import { assertUserSeat } from '../licences/licence-state.ts';
import { registerActivation } from './activate-route.ts';
import { resolveTenant } from '../../platform/resource/tenant.ts';
import { aroundRoutes, type Answer } from '../groups/route-wrap.ts';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) => z.preprocess(blankToNull, z.string().trim().max(max, message).nullish());
const optionalId = (message: string) => z.preprocess(blankToNull, z.string().uuid(message).nullish());

// Messages as the spec words them (spec 5).
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is not valid')
  .email('Email is not valid')
  .transform((e) => e.toLowerCase());
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(4, 'Password must be at least 4 characters')
  .max(1024, 'Password is too long');
const username = visible(z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(TEXT_LIMITS.name, 'Username is too long'));

const fields = {
  username,
  fullName: z.preprocess(blankToNull, visible(z.string().trim().max(TEXT_LIMITS.name, 'Full name is too long')).nullish()),
  email,
  password,
  /** Set only by the server (the argon2id hash of `password`); a client's value is dropped. */
  passwordHash: z.string().max(TEXT_LIMITS.name).optional(),
  departmentId: optionalId('Department must be a department id'),
  groupId: optionalId('Group must be a group id'),
  systemId: optionalText(200, 'System is too long'),
  // SuperAdmin is never created or granted through the API.
  role: z.enum(['Admin', 'User'], { error: "Role must be 'Admin' or 'User'" }),
  status: z.enum(['active', 'passive'], { error: "Status must be 'active' or 'passive'" }),
};

const createSchema = z.object({ ...fields, role: fields.role.default('User'), status: fields.status.default('active') });
const updateSchema = z.object({
  ...fields,
  username: username.optional(),
  email: email.optional(),
  // ra sends the whole record, which has no password: absent or blank keeps the current one.
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  role: fields.role.optional(),
  status: fields.status.optional(),
});

const WRITE_ROLES: Role[] = ['Admin', 'SuperAdmin'];

/** Application users of the caller's customer. The password is write-only. */
export const appUsersResource: ResourceSpec = {
  name: 'app-users',
  table: 'app_users',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    username: 'username',
    fullName: 'full_name',
    email: 'email',
    passwordHash: 'password_hash',
    departmentId: 'department_id',
    groupId: 'group_id',
    systemId: 'system_id',
    role: 'role',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema,
  updateSchema,
  sortable: ['id', 'username', 'fullName', 'email', 'role', 'status', 'departmentId', 'groupId', 'systemId', 'createdAt', 'updatedAt', 'customerId'],
  defaultSort: ['username', 'ASC'],
  filterable: {
    username: 'ilike',
    fullName: 'ilike',
    email: 'ilike',
    role: 'eq',
    status: 'eq',
    departmentId: 'eq',
    groupId: 'eq',
    systemId: 'eq',
    customerId: 'eq',
  },
  q: ['username', 'fullName', 'email'],
  tenantScoped: true,
  access: { read: ['Admin', 'SuperAdmin'], write: WRITE_ROLES, page: 'user/add' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A user with this email already exists',
  conflictCode: 'EMAIL_EXISTS',
  secretFields: ['passwordHash'],
};

const withoutHash = (record: unknown): unknown => {
  if (Array.isArray(record)) return record.map(withoutHash);
  if (record === null || typeof record !== 'object') return record;
  const rest = { ...(record as Record<string, unknown>) };
  for (const field of appUsersResource.secretFields ?? []) delete rest[field];
  return rest;
};

/** The customer a write lands in: the caller's, X-Customer-Id for a SuperAdmin, or the record's on update. */
async function targetCustomer(db: Database, request: FastifyRequest, id?: string): Promise<string | null> {
  if (id) {
    const { rows } = await db.query<{ customer_id: string | null }>('SELECT customer_id FROM app_users WHERE id = $1', [id]);
    return rows[0]?.customer_id ?? null;
  }
  return resolveTenant(db, request);
}

/**
 * The database refused a department or group (not found, or another customer's, through the
 * (customer_id, id) foreign keys): answer 400 naming the field.
 */
async function namedReferenceError(db: Database, e: unknown, request: FastifyRequest, id?: string): Promise<never> {
  if (!(e instanceof AppError && e.code === 'REFERENCE_MISSING')) throw e;
  const body = request.body as { departmentId?: unknown; groupId?: unknown };
  const customerId = await targetCustomer(db, request, id);
  const errors: Record<string, string> = {};
  for (const [field, table, label] of [
    ['departmentId', 'departments', 'department'],
    ['groupId', 'groups', 'group'],
  ] as const) {
    const value = body[field];
    if (typeof value !== 'string' || value === '') continue;
    const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND customer_id IS NOT DISTINCT FROM $2`, [value, customerId]);
    if (rows.length === 0) errors[field] = `The ${label} does not exist in this customer`;
  }
  if (Object.keys(errors).length === 0) throw e;
  throw fieldsInvalid(errors);
}

/** Refuses to change or delete a SuperAdmin account through the API (only when the caller may see it). */
async function guardSuperAdminTarget(db: Database, request: FastifyRequest, id: string): Promise<void> {
  const user = request.user;
  if (!WRITE_ROLES.includes(user.role) || !isUuid(id)) return;
  const { rows } = await db.query<{ role: Role; customer_id: string | null }>('SELECT role, customer_id FROM app_users WHERE id = $1', [id]);
  const row = rows[0];
  if (!row || row.role !== 'SuperAdmin') return;
  const visible = user.role === 'SuperAdmin' || (user.customerId !== null && row.customer_id === user.customerId);
  if (visible) throw coded(403, 'SUPERADMIN_PROTECTED', {}, 'A SuperAdmin account cannot be changed or deleted through the API');
}

/**
 * A write that makes a user active takes a seat of the customer's licence (issue 27): a new
 * active user, or a passive one set active. Checked only where the caller may make the write
 * (its role, its customer), so a refused caller still gets the resource layer's 403 or 404.
 */
async function guardLicenceSeat(db: Database, request: FastifyRequest, id?: string): Promise<void> {
  const user = request.user;
  if (!WRITE_ROLES.includes(user.role)) return;
  const body = request.body as { status?: unknown } | null;
  if (id === undefined) {
    const parsed = createSchema.safeParse(body);
    const customerId = await targetCustomer(db, request);
    if (parsed.success && parsed.data.status === 'active' && customerId) await assertUserSeat(db, customerId);
    return;
  }
  if (body === null || typeof body !== 'object' || body.status !== 'active' || !isUuid(id)) return;
  const { rows } = await db.query<{ status: string; customer_id: string | null }>('SELECT status, customer_id FROM app_users WHERE id = $1', [id]);
  const row = rows[0];
  if (!row?.customer_id || row.status === 'active') return;
  // In scope: the caller's tenant, or any for a SuperAdmin without X-Customer-Id.
  if (((await resolveTenant(db, request)) ?? row.customer_id) === row.customer_id) await assertUserSeat(db, row.customer_id);
}

/** Replaces a plain `password` by its argon2id hash, for callers whose role may write. */
async function hashBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const b = body as Record<string, unknown>;
  delete b.passwordHash;
  if (!WRITE_ROLES.includes(request.user.role)) return;
  if (password.safeParse(b.password).success) b.passwordHash = await hashPassword(b.password as string);
}

export function registerAppUsers(app: FastifyInstance, db: Database): void {
  app.register(async (scope) => {
    const strip = async (_request: FastifyRequest, next: () => Promise<Answer>): Promise<Answer> => {
      const answer = await next();
      return { ...answer, body: withoutHash(answer.body) };
    };
    aroundRoutes(scope, {
      'GET /api/app-users': strip,
      'GET /api/app-users/:id': strip,
      'POST /api/app-users': async (request, next) => {
        await guardLicenceSeat(db, request);
        await hashBody(request);
        const answer = await next().catch((e) => namedReferenceError(db, e, request));
        return { ...answer, body: withoutHash(answer.body) };
      },
      'PUT /api/app-users/:id': async (request, next) => {
        const { id } = request.params as { id: string };
        await guardSuperAdminTarget(db, request, id);
        await guardLicenceSeat(db, request, id);
        await hashBody(request);
        const answer = await next().catch((e) => namedReferenceError(db, e, request, id));
        return { ...answer, body: withoutHash(answer.body) };
      },
      'DELETE /api/app-users/:id': async (request, next) => {
        const { id } = request.params as { id: string };
        await guardSuperAdminTarget(db, request, id);
        return strip(request, next);
      },
    });
    defineResource(scope, appUsersResource, { db });
  });
}

/** Users and groups (the app's user administration: spec 2 /app/user/*). */
export function registerUsersAndGroups(app: FastifyInstance, db: Database): void {
  registerGroups(app, db);
  registerAppUsers(app, db);
  registerActivation(app, db);
}
