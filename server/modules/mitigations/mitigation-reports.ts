/**
 * Reports on mitigations (issue 16): those that expire within N days (30 by default), and those
 * that are invalid: their control is inactive, or the user or role no longer has the risk in the
 * analysis looked at (the given one, else the customer's default analysis, else its latest
 * completed one). Plus the trail of every acceptance, mitigation and deactivation change.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { audit } from '../audit/audit.ts';
import { coded } from '../../errors.ts';
import { isUuid, resourceContext } from '../../resources/define-resource.ts';
import { filterConditions } from '../../resources/list-filter.ts';
import { jsonParam, rangeParam, sendContentRange } from '../../resources/query-params.ts';
import { pageGate } from '../reports/gate.ts';
import { mitigationsResource } from './mitigations-resource.ts';

export const EXPIRY_DAYS = 30;

export interface ReportedMitigation {
  id: string;
  controlId: string;
  controlStatus: string;
  riskId: string;
  level: 'USER' | 'ROLE';
  holder: string;
  validFrom: string | null;
  validTo: string | null;
  ownerEmail: string | null;
  monitorEmail: string | null;
}

const SELECT = `SELECT m.id, c.control_id AS "controlId", c.status AS "controlStatus", m.risk_id AS "riskId", m.level, m.holder,
                       m.valid_from AS "validFrom", m.valid_to AS "validTo", o.email AS "ownerEmail", w.email AS "monitorEmail"
                FROM mitigations m JOIN mitigating_controls c ON c.id = m.mitigating_control_id
                LEFT JOIN app_users o ON o.id = c.owner_id LEFT JOIN app_users w ON w.id = c.monitor_id`;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** Mitigations whose validity ends between `today` and `today + days` (inclusive), soonest first. */
export async function expiringMitigations(db: Database, customerId: string, today: Date, days = EXPIRY_DAYS): Promise<Array<ReportedMitigation & { daysLeft: number }>> {
  const end = new Date(today.getTime() + days * 86_400_000);
  const { rows } = await db.query<ReportedMitigation>(
    `${SELECT} WHERE m.customer_id = $1 AND m.valid_to BETWEEN $2 AND $3 ORDER BY m.valid_to, c.control_id COLLATE "C", m.id`,
    [customerId, isoDay(today), isoDay(end)],
  );
  const day0 = Date.parse(`${isoDay(today)}T00:00:00Z`);
  return rows.map((r) => ({ ...r, daysLeft: Math.round((Date.parse(`${r.validTo}T00:00:00Z`) - day0) / 86_400_000) }));
}

export type InvalidReason = 'CONTROL_INACTIVE' | 'RISK_NOT_HELD';

/** The analysis the invalid report looks at: the given one, else the default, else the latest completed. */
async function analysisFor(db: Database, customerId: string, analysisId?: string): Promise<string | null> {
  if (analysisId !== undefined && analysisId !== '') {
    if (!isUuid(analysisId)) throw coded(400, 'ANALYSIS_REQUIRED', {}, 'analysisId must be an analysis id', { analysisId: 'Choose an analysis' });
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM analyses WHERE id = $1 AND customer_id = $2 AND status = 'completed'`, [analysisId, customerId]);
    if (rows.length === 0) throw coded(400, 'NOT_COMPLETED', {}, 'The analysis does not exist or has not completed', { analysisId: 'Choose a completed analysis' });
    return rows[0].id;
  }
  const { rows } = await db.query<{ id: string }>(
    `SELECT a.id FROM analyses a LEFT JOIN customer_default_analyses d ON d.analysis_id = a.id
     WHERE a.customer_id = $1 AND a.status = 'completed'
     ORDER BY (d.analysis_id IS NOT NULL) DESC, a.finished_at DESC NULLS LAST, a.created_at DESC LIMIT 1`,
    [customerId],
  );
  return rows[0]?.id ?? null;
}

/**
 * Mitigations that mitigate nothing: an inactive control, or a user or role that does not hold
 * the risk in the analysis (no USER finding of that user, no ROLE finding of that role, for the
 * risk). Without a completed analysis only the control status is checked.
 */
export async function invalidMitigations(db: Database, customerId: string, analysisId?: string): Promise<{ analysisId: string | null; rows: Array<ReportedMitigation & { reasons: InvalidReason[] }> }> {
  const analysis = await analysisFor(db, customerId, analysisId);
  const { rows } = await db.query<ReportedMitigation & { held: boolean | null }>(
    `${SELECT.replace('FROM mitigations m', `, CASE WHEN $2::uuid IS NULL THEN NULL ELSE EXISTS (
        SELECT 1 FROM findings f WHERE f.analysis_id = $2::uuid AND f.level = m.level AND f.holder = m.holder AND f.risk_id = m.risk_id) END AS held
      FROM mitigations m`)}
     WHERE m.customer_id = $1 ORDER BY c.control_id COLLATE "C", m.risk_id COLLATE "C", m.level, m.holder COLLATE "C", m.id`,
    [customerId, analysis],
  );
  const out: Array<ReportedMitigation & { reasons: InvalidReason[] }> = [];
  for (const { held, ...r } of rows) {
    const reasons: InvalidReason[] = [];
    if (r.controlStatus !== 'active') reasons.push('CONTROL_INACTIVE');
    if (held === false) reasons.push('RISK_NOT_HELD');
    if (reasons.length > 0) out.push({ ...r, reasons });
  }
  return { analysisId: analysis, rows: out };
}

/** Entities of the risk decision trail: acceptances, deactivations, controls and mitigations. */
/** The decision trail's own page: whoever may open it reads the trail of the customer. */
export const trailGate = pageGate('risk-decision-trail', 'reports/decision-trail');

export const TRAIL_ENTITIES = ['risk-acceptances', 'risk-deactivations', 'mitigating-controls', 'mitigations'] as const;

const trailSpec = {
  columns: { id: 'id', action: 'action', entity: 'entity', entityId: 'entity_id', actorEmail: 'actor_email', createdAt: 'created_at' },
  filterable: { action: 'in' as const, entity: 'in' as const, actorEmail: 'ilike' as const },
  q: ['action', 'entityId', 'actorEmail'],
};

/** The mail to one owner: the mitigations of their controls that expire soon, soonest first. */
export function expiryMail(owner: string, rows: readonly (ReportedMitigation & { daysLeft: number })[], days: number): { to: string; subject: string; text: string } {
  const lines = rows.map((r) => `- ${r.controlId}: ${r.riskId} ${r.level} ${r.holder}, valid to ${r.validTo} (${r.daysLeft} days)`);
  return {
    to: owner,
    subject: `Segra: ${rows.length} mitigation(s) of your controls expire within ${days} days`,
    text:
      `These mitigations of the mitigating controls you own expire within ${days} days. ` +
      `Renew them (Risk → Mitigations) or the findings they cover turn open again.\n\n${lines.join('\n')}\n`,
  };
}

/**
 * Mails every control owner the mitigations of their controls that expire within `days`; the
 * call is audited. Returns how many owners were mailed, how many mitigations they cover, and
 * how many expiring mitigations have a control without an owner.
 */
export async function notifyExpiringOwners(
  db: Database,
  mailer: Mailer,
  customerId: string,
  actor: { id: string; email: string },
  today: Date,
  days = EXPIRY_DAYS,
): Promise<{ owners: number; mitigations: number; withoutOwner: number }> {
  const rows = await expiringMitigations(db, customerId, today, days);
  const byOwner = new Map<string, typeof rows>();
  let withoutOwner = 0;
  for (const r of rows) {
    if (!r.ownerEmail) {
      withoutOwner++;
      continue;
    }
    byOwner.set(r.ownerEmail, [...(byOwner.get(r.ownerEmail) ?? []), r]);
  }
  for (const [owner, list] of byOwner) await mailer.send(expiryMail(owner, list, days));
  const answer = { owners: byOwner.size, mitigations: rows.length - withoutOwner, withoutOwner };
  await audit(db, { customerId, actorId: actor.id, actorEmail: actor.email, action: 'risk.mitigation-expiry-notified', entity: 'mitigations', detail: { days, ...answer } });
  return answer;
}

export function registerMitigationReports(app: FastifyInstance, db: Database, config: Config, mailer?: Mailer): void {
  const mail = mailer ?? createMailer(config, app.log);
  const auth = { preHandler: app.authenticate };
  // A SuperAdmin without X-Customer-Id (null) sees no report rows, and the trail of every customer, as the audit log.
  const tenant = async (request: Parameters<typeof resourceContext>[2], spec = mitigationsResource): Promise<string | null> =>
    (await resourceContext(db, spec, request, 'read')).customerId;

  app.get('/api/reports/mitigations/expiring', auth, async (request) => {
    const customerId = await tenant(request);
    const raw = (request.query as { days?: string }).days;
    const days = raw === undefined || raw === '' ? EXPIRY_DAYS : Number(raw);
    if (!Number.isInteger(days) || days < 0 || days > 3660) throw coded(400, 'DAYS_OUT_OF_RANGE', { max: 3660 }, 'days must be a whole number of days from 0 to 3660', { days: 'Give a number of days' });
    return { days, rows: customerId === null ? [] : await expiringMitigations(db, customerId, new Date(), days) };
  });

  // The owners of controls whose mitigations expire soon are told by mail (issue 16).
  app.post('/api/reports/mitigations/expiring/notify', auth, async (request) => {
    const ctx = await resourceContext(db, mitigationsResource, request, 'update');
    if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id)');
    return notifyExpiringOwners(db, mail, ctx.customerId, ctx.user, new Date());
  });

  app.get('/api/reports/mitigations/invalid', auth, async (request) => {
    const customerId = await tenant(request);
    if (customerId === null) return { analysisId: null, rows: [] };
    return invalidMitigations(db, customerId, (request.query as { analysisId?: string }).analysisId);
  });

  // The trail (its page reports/decision-trail), ra-data-simple-rest shaped (sort by time, range, filter on action, entity, actor).
  app.get('/api/risk-decision-trail', auth, async (request, reply) => {
    const customerId = await tenant(request, trailGate);
    const query = request.query as { range?: string; filter?: string; sort?: string };
    const [start, end] = rangeParam(query.range) ?? [0, 24];
    const sort = jsonParam('sort', query.sort) as [string, string] | undefined;
    const order = Array.isArray(sort) && String(sort[1]).toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
    const params: unknown[] = [customerId, [...TRAIL_ENTITIES]];
    const where = ['($1::uuid IS NULL OR customer_id = $1::uuid)', 'entity = ANY($2::text[])', ...filterConditions(trailSpec, jsonParam('filter', query.filter) ?? {}, params)];
    const whereSql = where.join(' AND ');
    const [count, page] = await Promise.all([
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${whereSql}`, params),
      db.query<Record<string, unknown>>(
        `SELECT id, action, entity, entity_id AS "entityId", actor_email AS "actorEmail", detail, created_at AS "createdAt"
         FROM audit_log WHERE ${whereSql} ORDER BY created_at ${order}, id ${order} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      ),
    ]);
    const total = Number(count.rows[0].n);
    sendContentRange(reply, 'risk-decision-trail', start, page.rows.length, total);
    return page.rows.map((r) => ({ ...r, createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : r.createdAt }));
  });
}
