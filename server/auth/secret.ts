import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * The token signing secret: JWT_SECRET when configured, otherwise one generated at first
 * start and kept in the database, so that every node sharing a PostgreSQL signs alike and
 * tokens survive a restart.
 */
export async function signingSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  await db.query(`INSERT INTO app_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [fresh]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'jwt_secret'`);
  return rows[0].value;
}
