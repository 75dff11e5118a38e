import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/ids.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';

/*
 * The one tenant resolver (DESIGN 6, issue 31): which customer a call acts in. Every route that
 * scopes by customer asks here; no other file reads the X-Customer-Id header (a test holds that).
 * - Admin and User: the customer in their token, whatever the header says (a token without one
 *   is refused: such an account reaches no customer's data).
 * - SuperAdmin: the customer the header names (checked to exist), or null without one, which
 *   each route reads as "every customer" (lists) or refuses where one customer is needed.
 */

/** The customer a SuperAdmin's X-Customer-Id names: undefined when absent or empty, a 400 when it is no uuid. */
export function customerHeader(request: FastifyRequest): string | undefined {
  const header = request.headers['x-customer-id'];
  if (header === undefined || header === '') return undefined;
  if (!isUuid(header)) throw coded(400, 'CUSTOMER_HEADER_INVALID', {}, 'The X-Customer-Id header must be a customer id (uuid)');
  return header;
}

/** The tenant of the call: the token's customer, or a SuperAdmin's X-Customer-Id (null without one: all customers). */
export async function resolveTenant(db: Database, request: FastifyRequest): Promise<string | null> {
  const user = request.user;
  if (user.role !== 'SuperAdmin') {
    if (!user.customerId) throw coded(403, 'NO_CUSTOMER', {}, 'Your account belongs to no customer');
    return user.customerId;
  }
  const header = customerHeader(request);
  if (header === undefined) return null;
  const { rows } = await db.query('SELECT 1 FROM customers WHERE id = $1', [header]);
  if (rows.length === 0) throw coded(404, 'CUSTOMER_NOT_FOUND', {}, 'The customer of X-Customer-Id does not exist');
  return header;
}

/**
 * The tenant a write on a stored record acts in: the call's, or the record's own for a
 * SuperAdmin without X-Customer-Id (the record was found in its all-customers scope).
 */
export const writeTenant = (ctx: { customerId: string | null }, record?: Record<string, unknown>): string | null =>
  ctx.customerId ?? ((record?.customerId as string | undefined) ?? null);
