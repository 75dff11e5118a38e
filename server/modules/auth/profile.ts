import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { visible } from '../../resources/fields.ts';
import type { Role } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';
import { coded, invalidInput } from '../../errors.ts';
import { audit } from '../audit/audit.ts';
import { permissionsForUser } from '../groups/index.ts';

const body = z.object({
  fullName: visible(z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(TEXT_LIMITS.name, 'Full name is too long')),
});

/** Seconds the request's own token has left: a renamed user gets a new token, not a longer session. */
function secondsLeft(app: FastifyInstance, request: FastifyRequest): number {
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const exp = app.jwt.decode<{ exp?: number }>(bearer)?.exp;
  return exp ? Math.max(1, exp - Math.floor(Date.now() / 1000)) : 1;
}

/**
 * `PATCH /api/auth/me` (user settings): the signed-in user changes the own full name. The name
 * travels in the access token (DESIGN 6), so the answer carries a new token with the new name
 * and the old token's expiry. Audited with the old and the new name.
 */
export function registerProfile(app: FastifyInstance, db: Database): void {
  app.patch('/api/auth/me', { preHandler: app.authenticate }, async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const { fullName } = parsed.data;
    const { rows } = await db.query<{ id: string; email: string; role: Role; customer_id: string | null; old_name: string | null }>(
      `UPDATE app_users u SET full_name = $2, updated_at = now()
         FROM (SELECT id, full_name FROM app_users WHERE id = $1 AND status = 'active') old
        WHERE u.id = old.id
       RETURNING u.id, u.email, u.role, u.customer_id, old.full_name AS old_name`,
      [request.user.id, fullName],
    );
    if (rows.length === 0) throw coded(404, 'ACCOUNT_GONE', {}, 'Your account no longer exists');
    const user = rows[0];
    await audit(db, {
      customerId: user.customer_id,
      actorId: user.id,
      actorEmail: user.email,
      action: 'profile.renamed',
      entity: 'app-users',
      entityId: user.id,
      detail: { from: user.old_name, to: fullName },
    });
    const token = app.jwt.sign(
      {
        sub: user.id,
        name: fullName,
        email: user.email,
        customerId: user.customer_id,
        Role: user.role,
        permissions: await permissionsForUser(db, user.id),
        sv: await app.sessions.current(user.id),
      },
      { expiresIn: secondsLeft(app, request) },
    );
    return { token, user: { id: user.id, email: user.email, name: fullName, role: user.role, customerId: user.customer_id } };
  });
}
