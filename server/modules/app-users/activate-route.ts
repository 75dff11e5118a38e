import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { fieldsInvalid, coded, invalidInput, recordNotFound, superAdminOnly } from '../../errors.ts';
import { isUuid } from '../../resources/define-resource.ts';
import { audit } from '../audit/audit.ts';
import { assertUserSeat } from '../licences/licence-state.ts';

const body = z.object({
  customerId: z.uuid({ error: 'Customer is required' }),
  role: z.enum(['Admin', 'User'], { error: "Role must be 'Admin' or 'User'" }).default('User'),
});

/**
 * `POST /api/app-users/:id/activate` (SuperAdmin): a pending registration (spec /register)
 * joins a customer with a role and can log in from then on. Only pending accounts qualify;
 * the change is audited.
 */
export function registerActivation(app: FastifyInstance, db: Database): void {
  app.post('/api/app-users/:id/activate', { preHandler: app.authenticate }, async (request) => {
    if (request.user.role !== 'SuperAdmin') throw superAdminOnly('Only a SuperAdmin activates registrations');
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw recordNotFound('app-users', id);
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const { customerId, role } = parsed.data;
    const customer = await db.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
    if (customer.rows.length === 0) throw fieldsInvalid({ customerId: 'The customer does not exist' });
    const user = await db.query<{ status: string }>('SELECT status FROM app_users WHERE id = $1', [id]);
    if (user.rows.length === 0) throw recordNotFound('app-users', id);
    if (user.rows[0].status !== 'pending') throw coded(409, 'NOT_PENDING', {}, 'Only a pending registration can be activated');
    // An activated registration is an active user of the customer: it takes a seat of its licence.
    await assertUserSeat(db, customerId);
    const { rows } = await db.query<Record<string, unknown>>(
      `UPDATE app_users SET customer_id = $2, role = $3, status = 'active', updated_at = now() WHERE id = $1 AND status = 'pending'
       RETURNING id, username, email, full_name AS "fullName", role, status, customer_id AS "customerId"`,
      [id, customerId, role],
    );
    if (rows.length === 0) throw coded(409, 'NOT_PENDING', {}, 'Only a pending registration can be activated');
    await audit(db, { customerId, actorId: request.user.id, actorEmail: request.user.email, action: 'user.activated', entity: 'app-users', entityId: id, detail: { role } });
    return rows[0];
  });
}
