import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Database } from '../../db/database.ts';
import { fieldsInvalid, coded, invalidInput } from '../../errors.ts';
import { audit } from '../audit/audit.ts';
import { permissionsForUser } from '../groups/index.ts';
import type { Role } from '../../auth/roles.ts';

const body = z.object({
  currentPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  // Messages as the spec words them (spec 5).
  newPassword: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(4, 'Password must be at least 4 characters')
    .max(1024, 'Password is too long'),
});

/**
 * `POST /api/auth/change-password` (user settings): the signed-in user sets a new password by
 * giving the current one; a wrong current password changes nothing. Audited. Every session of
 * the user ends (DESIGN 6, the database trigger of migration 0015); the answer carries a new
 * token, so the browser that made the change stays signed in.
 */
export function registerChangePassword(app: FastifyInstance, db: Database): void {
  app.post(
    '/api/auth/change-password',
    // The same guess limit as the login: the current password must not be guessable here either.
    { preHandler: app.authenticate, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const parsed = body.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM app_users WHERE id = $1 AND status = 'active'`, [
        request.user.id,
      ]);
      if (rows.length === 0) throw coded(404, 'ACCOUNT_GONE', {}, 'Your account no longer exists');
      if (!(await verifyPassword(rows[0].password_hash, parsed.data.currentPassword))) {
        request.log.warn('password change refused: wrong current password');
        throw fieldsInvalid({ currentPassword: 'The current password is not correct' });
      }
      const { rows: changed } = await db.query<{ id: string; email: string; name: string; role: Role; customer_id: string | null }>(
        `UPDATE app_users SET password_hash = $2, updated_at = now() WHERE id = $1
         RETURNING id, email, COALESCE(NULLIF(full_name, ''), username) AS name, role, customer_id`,
        [request.user.id, await hashPassword(parsed.data.newPassword)],
      );
      await audit(db, { customerId: request.user.customerId, actorId: request.user.id, actorEmail: request.user.email, action: 'password.changed', entity: 'app-users', entityId: request.user.id });
      const user = changed[0];
      const token = app.signAccessToken({
        sub: user.id,
        name: user.name,
        email: user.email,
        customerId: user.customer_id,
        Role: user.role,
        permissions: await permissionsForUser(db, user.id),
        sv: await app.sessions.current(user.id),
      });
      return { message: 'Your password has been changed', token };
    },
  );
}
