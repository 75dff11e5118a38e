import { createHash, randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { visible } from '../../resources/fields.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type AppError, coded, invalidInput } from '../../errors.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { audit, registerAuditLog } from '../audit/audit.ts';

// Messages as the spec words them (spec 5, 8).
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is not valid')
  .email('Email is not valid');
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(4, 'Password must be at least 4 characters')
  .max(1024, 'Password is too long');

const forgotBody = z.object({ email });

const resetBody = z
  .object({
    token: z
      .string({ error: 'Reset token is required' })
      .trim()
      .min(1, 'Reset token is required')
      .max(200, 'Reset token is not valid'),
    email,
    password,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(1, 'Password confirmation is required'),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });

const registerBody = z.object({
  email,
  username: visible(z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(TEXT_LIMITS.code, 'Username is too long')),
  fullName: visible(z.string().trim().max(TEXT_LIMITS.name, 'Full name is too long')).optional(),
  password,
});

export const FORGOT_PASSWORD_ANSWER = {
  message: 'If an active account exists for this email, a password reset link has been sent',
} as const;

/** The answer to every well-formed registration, whether or not the email already has an account. */
export const REGISTER_ANSWER = {
  message: 'Your registration has been received; an administrator activates new accounts',
} as const;

const RESET_TOKEN_INVALID = (): AppError =>
  coded(400, 'RESET_TOKEN_INVALID', {}, 'Password reset error: the link is invalid, used or expired');

/** SHA-256 (hex) of a reset token: only this is stored. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}

interface AccountOptions {
  db: Database;
  config: Config;
  /** Replaces the mailer built from the configuration (tests). */
  mailer?: Mailer;
}

/**
 * POST /api/auth/forgot-password, /api/auth/reset-password, /api/auth/register (no login,
 * rate-limited like login) and GET /api/audit-log.
 */
export async function accountRoutes(app: FastifyInstance, options: AccountOptions): Promise<void> {
  const { db, config } = options;
  const mailer = options.mailer ?? createMailer(config, app.log);
  const publicUrl = (config.PUBLIC_URL ?? 'http://localhost:8081').replace(/\/+$/, '');

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      coded(429, 'RATE_LIMITED', { seconds: Math.ceil(ctx.ttl / 1000) }, `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} s`),
  });
  const limited = { config: { rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } } };

  app.post('/api/auth/forgot-password', limited, async (request, reply) => {
    const address = parse(forgotBody, request.body).email.toLowerCase();
    const { rows } = await db.query<{ id: string; email: string; customer_id: string | null; status: string }>(
      'SELECT id, email, customer_id, status FROM app_users WHERE email = $1',
      [address],
    );
    const user = rows[0];
    // The same answer whether or not the account exists: no account probing.
    if (!user || user.status !== 'active') {
      request.log.info({ email: address }, 'password reset asked for an unknown or inactive account');
      return reply.status(202).send(FORGOT_PASSWORD_ANSWER);
    }
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashResetToken(token);
    await db.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
      [tokenHash, user.id, config.RESET_TOKEN_TTL_MINUTES],
    );
    const link = `${publicUrl}/reset-password/${token}/${encodeURIComponent(user.email)}`;
    try {
      await mailer.send({
        to: user.email,
        subject: 'Segra: reset your password',
        text:
          `A password reset was asked for your Segra account.\n\n` +
          `Open this link to choose a new password (valid for ${config.RESET_TOKEN_TTL_MINUTES} minutes, once):\n${link}\n\n` +
          `If you did not ask for it, ignore this mail; your password stays unchanged.\n`,
      });
    } catch (err) {
      request.log.error({ err, email: address }, 'password reset email failed');
      await db.query('DELETE FROM password_reset_tokens WHERE token_hash = $1', [tokenHash]).catch(() => {});
      throw coded(502, 'MAIL_FAILED', {}, 'Password reset email failed');
    }
    await audit(db, {
      customerId: user.customer_id,
      actorId: user.id,
      actorEmail: user.email,
      action: 'password.reset-requested',
      entity: 'app-users',
      entityId: user.id,
    });
    return reply.status(202).send(FORGOT_PASSWORD_ANSWER);
  });

  app.post('/api/auth/reset-password', limited, async (request) => {
    const body = parse(resetBody, request.body);
    const address = body.email.toLowerCase();
    const newHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_id: string; email: string; customer_id: string | null }>(
        `SELECT t.user_id, u.email, u.customer_id
           FROM password_reset_tokens t JOIN app_users u ON u.id = t.user_id
          WHERE t.token_hash = $1 AND u.email = $2 AND u.status = 'active'
            AND t.used_at IS NULL AND t.expires_at > now()
          FOR UPDATE OF t`,
        [hashResetToken(body.token), address],
      );
      const found = rows[0];
      if (!found) {
        request.log.warn({ email: address, ip: request.ip }, 'password reset refused: invalid, used or expired token');
        throw RESET_TOKEN_INVALID();
      }
      await tx.query('UPDATE app_users SET password_hash = $1, updated_at = now() WHERE id = $2', [
        newHash,
        found.user_id,
      ]);
      // Single use: this token and every other open token of the user are spent.
      await tx.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
        found.user_id,
      ]);
      await audit(tx, {
        customerId: found.customer_id,
        actorId: found.user_id,
        actorEmail: found.email,
        action: 'password.reset',
        entity: 'app-users',
        entityId: found.user_id,
      });
    });
    return { message: 'The password has been changed; log in with the new password' };
  });

  app.post('/api/auth/register', limited, async (request, reply) => {
    if (!config.REGISTRATION_OPEN) {
      throw coded(403, 'REGISTRATION_CLOSED', {}, 'Registration is closed; ask your administrator for an account');
    }
    const body = parse(registerBody, request.body);
    const address = body.email.toLowerCase();
    const passwordHash = await hashPassword(body.password);
    try {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO app_users (customer_id, email, username, full_name, password_hash, role, status)
           VALUES (NULL, $1, $2, $3, $4, 'User', 'pending') RETURNING id`,
          [address, body.username, body.fullName || null, passwordHash],
        );
        await audit(tx, {
          customerId: null,
          actorId: rows[0].id,
          actorEmail: address,
          action: 'user.registered',
          entity: 'app-users',
          entityId: rows[0].id,
          detail: { username: body.username, status: 'pending' },
        });
      });
    } catch (e) {
      if ((e as { code?: string } | null)?.code !== '23505') throw e;
      // The same answer as for a new address, after the same work: no account probing (DESIGN 6).
      request.log.info({ email: address }, 'registration asked for an email that has an account');
    }
    return reply.status(202).send(REGISTER_ANSWER);
  });

  registerAuditLog(app, db);
}
