import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';

/** One audit entry: who did what to which record, in which customer. */
export interface AuditEntry {
  /** Tenant of the entry; null for events outside a customer (e.g. a registration). */
  customerId?: string | null;
  actorId?: string | null;
  actorEmail?: string | null;
  /** Dotted verb, e.g. `password.reset`, `user.registered`. */
  action: string;
  /** Kind of record, e.g. `app-users`. */
  entity: string;
  entityId?: string | null;
  detail?: Record<string, unknown> | null;
}

/** Writes an audit entry (pass the transaction to write it atomically with the change). */
export async function audit(db: Database, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (customer_id, actor_id, actor_email, action, entity, entity_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      entry.customerId ?? null,
      entry.actorId ?? null,
      entry.actorEmail ?? null,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      entry.detail == null ? null : JSON.stringify(entry.detail),
    ],
  );
}

// Read-only: nobody may write through the API (write roles empty → 403).
const readOnly = z.object({}).strip();

/** GET /api/audit-log: Admin sees its customer's entries, SuperAdmin all (or X-Customer-Id's). */
export const auditLogResource: ResourceSpec = {
  name: 'audit-log',
  table: 'audit_log',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    actorId: 'actor_id',
    actorEmail: 'actor_email',
    action: 'action',
    entity: 'entity',
    entityId: 'entity_id',
    detail: 'detail',
    createdAt: 'created_at',
  },
  createSchema: readOnly,
  updateSchema: readOnly,
  sortable: ['id', 'createdAt', 'action', 'entity'],
  defaultSort: ['createdAt', 'DESC'],
  filterable: { action: 'eq', entity: 'eq', entityId: 'eq', actorEmail: 'ilike' },
  q: ['action', 'entity', 'actorEmail', 'entityId'],
  tenantScoped: true,
  access: { read: ['Admin', 'SuperAdmin'], write: [] },
};

export function registerAuditLog(app: FastifyInstance, db: Database): void {
  defineResource(app, auditLogResource, { db });
}
