import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { recordNotFound } from '../../errors.ts';
import { resolveTenant } from '../../platform/resource/tenant.ts';
import { UUID_PATTERN as UUID } from '../../../contracts/ids.ts';

/**
 * The user's own notifications (issue 15 item 8): what the bell shows. Events are written
 * where the jobs end (one call each: imports, ruleset imports, analyses) and, for acceptances
 * about to expire, when the user's list is read. Every event belongs to one user and one
 * customer; a user reads only their own, within the active customer.
 */
export type NotificationKind =
  | 'import.ready'
  | 'import.failed'
  | 'ruleset.ready'
  | 'ruleset.failed'
  | 'analysis.completed'
  | 'analysis.failed'
  | 'acceptance.expiring'
  | 'mitigation.expiring';

export interface NotificationRecord {
  id: string;
  kind: NotificationKind;
  /** What the message names: `name` (period, analysis), `riskId`, `holder`, `validTo`. */
  params: Record<string, string>;
  /** Where the bell leads: the screen of the record. */
  link: string | null;
  createdAt: string;
  read: boolean;
}

/** An acceptance is "expiring" this many days before its last valid day. */
export const EXPIRY_WARNING_DAYS = 14;
/** The bell lists this many, newest first. */
const LIST_LIMIT = 50;


/**
 * Writes one event; the same `eventKey` for the same user is written once. A notification is
 * a side note: it never fails the job that reports it (the problem is logged).
 */
async function write(db: Database, sql: string, params: unknown[]): Promise<void> {
  try {
    await db.transaction((tx) => tx.query(sql, params));
  } catch (e) {
    console.error('[notifications]', e);
  }
}

/**
 * A system period's import ended (`import.ready` or `import.failed`): tells the user who
 * uploaded it. Nothing when the period is gone or the user unknown.
 */
export async function notifyImportEnded(db: Database, periodId: string, importId: string, userId: string | undefined, ok: boolean): Promise<void> {
  if (!userId || !UUID.test(userId)) return;
  await write(
    db,
    `INSERT INTO notifications (customer_id, user_id, kind, params, link, event_key)
     SELECT p.customer_id, u.id, $3::text, jsonb_build_object('name', p.name), '/app/system/period', $3::text || ':' || $4::text
       FROM system_periods p JOIN app_users u ON u.id = $2::uuid
      WHERE p.id = $1::uuid
     ON CONFLICT (user_id, event_key) DO NOTHING`,
    [periodId, userId, ok ? 'import.ready' : 'import.failed', importId],
  );
}

/** A risk period's ruleset import ended: tells the user who uploaded it. */
export async function notifyRulesetImportEnded(db: Database, riskPeriodId: string, uploadDir: string, userId: string | undefined, ok: boolean): Promise<void> {
  if (!userId || !UUID.test(userId)) return;
  await write(
    db,
    `INSERT INTO notifications (customer_id, user_id, kind, params, link, event_key)
     SELECT p.customer_id, u.id, $3::text, jsonb_build_object('name', p.name), '/app/risk/period', $3::text || ':' || p.id::text || ':' || $4::text
       FROM risk_periods p JOIN app_users u ON u.id = $2::uuid
      WHERE p.id = $1::uuid
     ON CONFLICT (user_id, event_key) DO NOTHING`,
    [riskPeriodId, userId, ok ? 'ruleset.ready' : 'ruleset.failed', uploadDir],
  );
}

/** An analysis completed or failed: tells the user who requested it (analyses.created_by). */
export async function notifyAnalysisEnded(db: Database, analysisId: string, ok: boolean): Promise<void> {
  await write(
    db,
    `INSERT INTO notifications (customer_id, user_id, kind, params, link, event_key)
     SELECT a.customer_id, u.id, $2::text, jsonb_build_object('name', a.name), '/app/reports/analyze-request', $2::text || ':' || a.id::text
       FROM analyses a JOIN app_users u ON u.email = a.created_by
      WHERE a.id = $1::uuid
     ON CONFLICT (user_id, event_key) DO NOTHING`,
    [analysisId, ok ? 'analysis.completed' : 'analysis.failed'],
  );
}

/**
 * Acceptances the user made whose last valid day is within EXPIRY_WARNING_DAYS of `today`
 * (and not past): one event per acceptance and end date (a prolonged one warns again).
 */
export async function notifyExpiringAcceptances(db: Database, user: { id: string; email: string }, customerId: string | null, today: Date = new Date()): Promise<void> {
  if (!UUID.test(user.id)) return;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const until = new Date(today.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  await write(
    db,
    `INSERT INTO notifications (customer_id, user_id, kind, params, link, event_key)
     SELECT r.customer_id, u.id, 'acceptance.expiring',
            jsonb_build_object('riskId', r.risk_id, 'holder', r.holder, 'validTo', r.valid_to), '/app/reports/risk',
            'acceptance.expiring:' || r.id || ':' || r.valid_to
       FROM risk_acceptances r JOIN app_users u ON u.id = $1::uuid AND u.email = r.created_by
      WHERE r.valid_to IS NOT NULL AND r.valid_to >= $3::text AND r.valid_to <= $4::text
        AND ($2::uuid IS NULL OR r.customer_id = $2::uuid)
     ON CONFLICT (user_id, event_key) DO NOTHING`,
    [user.id, customerId, day(today), day(until)],
  );
}

interface Row {
  id: string;
  kind: NotificationKind;
  params: Record<string, string> | string;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toRecord = (r: Row): NotificationRecord => ({
  id: r.id,
  kind: r.kind,
  params: typeof r.params === 'string' ? (JSON.parse(r.params) as Record<string, string>) : r.params,
  link: r.link,
  createdAt: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
});

// The user's own rows in the scope; a SuperAdmin's events outside any customer are theirs everywhere.
const MINE = `user_id = $1 AND ($2::uuid IS NULL OR customer_id = $2::uuid OR customer_id IS NULL)`;

export async function listNotifications(db: Database, userId: string, customerId: string | null): Promise<{ data: NotificationRecord[]; unread: number }> {
  if (!UUID.test(userId)) return { data: [], unread: 0 };
  const { rows } = await db.query<Row>(
    `SELECT id, kind, params, link, created_at, read_at FROM notifications WHERE ${MINE} ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
    [userId, customerId],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${MINE} AND read_at IS NULL`, [userId, customerId]);
  return { data: rows.map(toRecord), unread: Number(count.rows[0].n) };
}

/**
 * `GET /api/notifications` (newest first, with the unread count), `POST /api/notifications/:id/read`
 * and `POST /api/notifications/read-all`: the signed-in user's own, in the active customer.
 */
export function registerNotifications(app: FastifyInstance, db: Database): void {
  app.get('/api/notifications', { preHandler: app.authenticate }, async (request) => {
    const customerId = await resolveTenant(db, request);
    await notifyExpiringAcceptances(db, request.user, customerId);
    return listNotifications(db, request.user.id, customerId);
  });

  app.post('/api/notifications/:id/read', { preHandler: app.authenticate }, async (request) => {
    const customerId = await resolveTenant(db, request);
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw recordNotFound('notification');
    const { rows } = await db.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $3 AND ${MINE}
       RETURNING id, kind, params, link, created_at, read_at`,
      [request.user.id, customerId, id],
    );
    if (rows.length === 0) throw recordNotFound('notification');
    return toRecord(rows[0]);
  });

  app.post('/api/notifications/read-all', { preHandler: app.authenticate }, async (request) => {
    const customerId = await resolveTenant(db, request);
    await db.query(`UPDATE notifications SET read_at = now() WHERE ${MINE} AND read_at IS NULL`, [request.user.id, customerId]);
    return listNotifications(db, request.user.id, customerId);
  });
}
