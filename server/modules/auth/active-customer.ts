import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { coded, invalidInput, superAdminOnly } from '../../errors.ts';

const body = z.object({
  customerId: z.uuid({ error: 'The customer must be a customer id (uuid) or null' }).nullable(),
});

/**
 * `PUT /api/auth/active-customer` (issue 27): the SuperAdmin's active customer (the top bar's
 * picker, DESIGN 6) is kept for its next login, which answers it as `user.activeCustomerId`.
 * Only a SuperAdmin has one; a customer that does not exist is refused, one deleted later is
 * forgotten (migration 0033). Not audited: a viewing choice, not a change of data.
 */
export function registerActiveCustomer(app: FastifyInstance, db: Database): void {
  app.put('/api/auth/active-customer', { preHandler: app.authenticate }, async (request) => {
    if (request.user.role !== 'SuperAdmin') throw superAdminOnly('Only a SuperAdmin chooses an active customer');
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const { customerId } = parsed.data;
    if (customerId !== null) {
      const { rows } = await db.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
      if (rows.length === 0) throw coded(404, 'CUSTOMER_NOT_FOUND', {}, 'The customer does not exist');
    }
    await db.query('UPDATE app_users SET active_customer_id = $2 WHERE id = $1', [request.user.id, customerId]);
    return { customerId };
  });
}

/** The active customer kept for a user: a SuperAdmin's choice, null for everyone else. */
export const activeCustomerOf = (user: { role: string; active_customer_id: string | null }): string | null =>
  user.role === 'SuperAdmin' ? user.active_customer_id : null;
