import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Role } from '../../auth/roles.ts';
import type { Database } from '../../db/database.ts';
import { coded, invalidInput } from '../../errors.ts';
import { permissionsForUser } from '../groups/index.ts';
import { activeCustomerOf, registerActiveCustomer } from './active-customer.ts';
import { registerChangePassword } from './change-password.ts';
import { registerLogout } from './logout.ts';
import { registerProfile } from './profile.ts';

// Messages as the spec words them (spec 5, 8); the front end translates them by code.
const loginBody = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254).email('Email is not valid'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(4, 'Password must be at least 4 characters')
    .max(1024),
});

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  username: string;
  password_hash: string;
  role: Role;
  customer_id: string | null;
  status: string;
  customer_status: string | null;
  active_customer_id: string | null;
  sv: number;
}

/** POST /api/auth/login and /api/auth/logout, GET and PATCH /api/auth/me, POST /api/auth/change-password, PUT /api/auth/active-customer. */
export async function authRoutes(app: FastifyInstance, options: { db: Database; loginRateLimit: number }): Promise<void> {
  const { db } = options;
  // An unknown email is checked against this hash (same argon2id parameters as real ones), so
  // the answer takes as long as for a known email: the time does not tell which emails exist.
  const standIn = hashPassword(randomBytes(16).toString('base64url'));
  standIn.catch(() => {});
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      coded(429, 'RATE_LIMITED', { seconds: Math.ceil(ctx.ttl / 1000) }, `Too many login attempts; try again in ${Math.ceil(ctx.ttl / 1000)} s`),
  });

  app.post(
    '/api/auth/login',
    { config: { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } } },
    async (request) => {
      const parsed = loginBody.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidInput(parsed.error.issues);
      const { email, password } = parsed.data;
      const { rows } = await db.query<UserRow>(
        `SELECT u.id, u.email, u.full_name, u.username, u.password_hash, u.role, u.customer_id, u.status,
                u.active_customer_id, c.status AS customer_status, COALESCE(s.version, 0) AS sv
           FROM app_users u
           LEFT JOIN customers c ON c.id = u.customer_id
           LEFT JOIN session_versions s ON s.user_id = u.id
          WHERE u.email = $1`,
        [email.toLowerCase()],
      );
      const user = rows[0];
      const matches = await verifyPassword(user?.password_hash ?? (await standIn), password);
      // The same answer for an unknown email and a wrong password: no account probing.
      if (!user || !matches || user.status !== 'active') {
        request.log.warn({ email, ip: request.ip }, 'failed login');
        throw coded(401, 'INVALID_CREDENTIALS', {}, 'Please check entered values and try again.');
      }
      // Only told to whoever knows the password: the account exists but its customer is passive.
      if (user.customer_status === 'passive') {
        request.log.warn({ email, ip: request.ip, customerId: user.customer_id }, 'login refused: the customer is passive');
        throw coded(403, 'CUSTOMER_PASSIVE', {}, 'Your customer is passive; its users cannot log in. Ask your administrator.');
      }
      const token = app.signAccessToken({
        sv: Number(user.sv),
        sub: user.id,
        name: user.full_name || user.username,
        email: user.email,
        customerId: user.customer_id,
        Role: user.role,
        permissions: await permissionsForUser(db, user.id),
      });
      return {
        token,
        user: {
          id: user.id,
          email: user.email,
          name: user.full_name || user.username,
          role: user.role,
          customerId: user.customer_id,
          activeCustomerId: activeCustomerOf(user),
        },
      };
    },
  );

  app.get('/api/auth/me', { preHandler: app.authenticate }, async (request) => request.user);
  registerLogout(app);
  registerChangePassword(app, db);
  registerProfile(app, db);
  registerActiveCustomer(app, db);
}
