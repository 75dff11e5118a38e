import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { hashPassword } from './passwords.ts';

/**
 * First start on an empty database (DESIGN 6): creates the SuperAdmin from SEGRA_ADMIN_EMAIL
 * and SEGRA_ADMIN_PASSWORD; without a password a random one is generated and told once.
 * Returns what was created, or null when a SuperAdmin already exists.
 */
export async function ensureSuperAdmin(
  db: Database,
  options: { email: string; password?: string },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM app_users WHERE role = 'SuperAdmin'`);
  if (rows[0].n > 0) return null;
  const generated = options.password ? null : randomBytes(12).toString('base64url');
  const password = options.password ?? generated!;
  await db.query(
    `INSERT INTO app_users (email, username, full_name, password_hash, role) VALUES ($1, $2, $3, $4, 'SuperAdmin')
     ON CONFLICT (email) DO NOTHING`,
    [options.email.toLowerCase(), 'superadmin', 'Super Admin', await hashPassword(password)],
  );
  return { email: options.email.toLowerCase(), generatedPassword: generated };
}
