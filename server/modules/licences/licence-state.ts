import { EVALUATION_DAYS, EVALUATION_SYSTEMS, type LicenceCount, type LicenceState } from '../../../contracts/licence-state.ts';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { today, type LicencePayload } from './licence-signature.ts';

/*
 * What a customer may do under its licence, from one query (docs/decisions/2026-11-27-evaluation-and-user-limits.md):
 * - without any licence file it is in evaluation: EVALUATION_SYSTEMS system(s), EVALUATION_DAYS
 *   days from its creation, no user limit;
 * - with one, a new system must be listed in a valid licence, and its licence in force (the newest
 *   unexpired file, else the newest file) bounds the number of active app users.
 */

const DAY_MS = 86_400_000;

interface CustomerLicence {
  id: string;
  name: string;
  vkn: string | null;
  evaluationEndsAt: Date;
  now: Date;
  systemsUsed: number;
  usersActive: number;
  /** The licence in force; null when the customer has no licence file (evaluation). */
  licence: LicencePayload | null;
}

/** The customers' licence facts (one customer, or every customer when `customerId` is null), by name. */
async function customerLicences(db: Database, customerId: string | null): Promise<CustomerLicence[]> {
  const { rows } = await db.query<Omit<CustomerLicence, 'evaluationEndsAt' | 'now'> & { evaluationEndsAt: Date | string; now: Date | string }>(
    `SELECT c.id, c.name, c.vkn,
            -- Whole 24-hour days: an interval of days would follow the session's daylight saving.
            c.created_at + ($2::int * interval '24 hours') AS "evaluationEndsAt",
            now() AS now,
            (SELECT count(*)::int FROM systems s WHERE s.customer_id = c.id) AS "systemsUsed",
            (SELECT count(*)::int FROM app_users u WHERE u.customer_id = c.id AND u.status = 'active') AS "usersActive",
            l.payload AS licence
       FROM customers c
       LEFT JOIN LATERAL (
         SELECT payload FROM licences
          WHERE customer_id = c.id
          ORDER BY (payload->>'expiresOn' >= $1) DESC, uploaded_at DESC, id DESC LIMIT 1
       ) l ON true
      WHERE ($3::uuid IS NULL OR c.id = $3::uuid)
      ORDER BY c.name, c.id`,
    [today(), EVALUATION_DAYS, customerId],
  );
  return rows.map((r) => ({
    ...r,
    systemsUsed: Number(r.systemsUsed),
    usersActive: Number(r.usersActive),
    evaluationEndsAt: new Date(r.evaluationEndsAt),
    now: new Date(r.now),
  }));
}

async function customerLicence(db: Database, customerId: string): Promise<CustomerLicence> {
  const [row] = await customerLicences(db, customerId);
  if (!row) throw new Error(`customer ${customerId} does not exist`);
  return row;
}

const daysLeft = (c: CustomerLicence): number => Math.max(0, Math.ceil((c.evaluationEndsAt.getTime() - c.now.getTime()) / DAY_MS));

/** `GET /api/licences/state`: the banner's facts for the customer. */
export async function licenceState(db: Database, customerId: string): Promise<LicenceState> {
  const c = await customerLicence(db, customerId);
  const evaluation = c.licence === null;
  return {
    evaluation,
    evaluationEndsAt: evaluation ? c.evaluationEndsAt.toISOString() : null,
    daysLeft: evaluation ? daysLeft(c) : null,
    systemsAllowed: evaluation ? EVALUATION_SYSTEMS : null,
    systemsUsed: c.systemsUsed,
  };
}

/**
 * Refuses a new system the customer's licence does not allow: in evaluation beyond its system or
 * its days (LICENCE_REQUIRED, naming what a licence must list); licensed, an installation no valid
 * licence of the customer lists (LICENCE_KEY_INVALID).
 */
export async function assertSystemAllowed(db: Database, customerId: string, installationNumber: string, hwKey: string): Promise<void> {
  const c = await customerLicence(db, customerId);
  if (c.licence === null) {
    if (c.systemsUsed < EVALUATION_SYSTEMS && daysLeft(c) > 0) return;
    const endsOn = c.evaluationEndsAt.toISOString().slice(0, 10);
    throw coded(
      422,
      'LICENCE_REQUIRED',
      { installationNumber, hwKey, systems: EVALUATION_SYSTEMS, days: EVALUATION_DAYS, used: c.systemsUsed, endsOn },
      `A licence is required: without one a customer is evaluated with at most ${EVALUATION_SYSTEMS} system(s) for ` +
        `${EVALUATION_DAYS} days from its creation (until ${endsOn}), and this customer has ${c.systemsUsed}. ` +
        `Upload a licence file listing installation number ${installationNumber} with hardware key ${hwKey} (Licences, licence files)`,
    );
  }
  const { rows } = await db.query<{ listed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM licences WHERE customer_id = $1 AND payload->>'expiresOn' >= $2
                    AND payload->'systems' @> $3::jsonb) AS listed`,
    [customerId, today(), JSON.stringify([{ installationNumber, hwKey }])],
  );
  if (rows[0].listed) return;
  throw coded(
    422,
    'LICENCE_KEY_INVALID',
    { installationNumber, hwKey },
    `Licence key is invalid: no valid licence of this customer lists installation number ${installationNumber} ` +
      `with hardware key ${hwKey}; upload a licence that lists it (Licences, licence file upload) or correct the two fields`,
  );
}

/**
 * Refuses one more active app user beyond the customer's licence in force (LICENCE_USERS_EXHAUSTED,
 * naming the licence and the count). Passive users take no seat; in evaluation there is no limit.
 */
export async function assertUserSeat(db: Database, customerId: string): Promise<void> {
  const c = await customerLicence(db, customerId);
  if (c.licence === null || c.usersActive < c.licence.users) return;
  const { customerName: licence, users: licensed, expiresOn } = c.licence;
  throw coded(
    422,
    'LICENCE_USERS_EXHAUSTED',
    { licence, licensed, active: c.usersActive, expiresOn },
    `The licence of ${licence} (valid until ${expiresOn}) allows ${licensed} active user(s) and the customer has ${c.usersActive}: ` +
      'set a user passive or upload a licence for more users',
  );
}

/** Whether the customer of an analysis is in evaluation: its reports say so (issue 27). */
export async function analysisInEvaluation(db: Database, analysisId: string): Promise<boolean> {
  const { rows } = await db.query<{ evaluation: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM licences l JOIN analyses a ON a.customer_id = l.customer_id WHERE a.id = $1) AS evaluation',
    [analysisId],
  );
  return rows[0]?.evaluation ?? true;
}


/** The licence-count screen: per customer, users and systems in use against its licence (or its evaluation). */
export async function licenceCounts(db: Database, customerId: string | null): Promise<LicenceCount[]> {
  return (await customerLicences(db, customerId)).map((c) => ({
    name: c.name,
    licence: c.licence?.customerName ?? null,
    evaluation: c.licence === null,
    evaluationEndsAt: c.licence === null ? c.evaluationEndsAt.toISOString() : null,
    licensedUsers: c.licence === null ? null : Number(c.licence.users),
    usedUsers: c.usersActive,
    licensedSystems: c.licence === null ? EVALUATION_SYSTEMS : c.licence.systems.length,
    usedSystems: c.systemsUsed,
    expiresOn: c.licence?.expiresOn ?? null,
  }));
}

/** The customer's name and VKN, to check that an uploaded licence is its own. */
export async function customerIdentity(db: Database, customerId: string): Promise<{ name: string; vkn: string | null } | null> {
  const { rows } = await db.query<{ name: string; vkn: string | null }>('SELECT name, vkn FROM customers WHERE id = $1', [customerId]);
  return rows[0] ?? null;
}
