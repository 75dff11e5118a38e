import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { coded } from '../errors.ts';

/**
 * Per-user concurrency limits of the interactive heavy work (DESIGN 7b): simulations and stored
 * queries run on the API nodes, not on the job queue, so one user firing many at once would
 * take every node's threads from everyone else. A running one holds one of the user's numbered
 * slots in `user_slots` (0037), seen by every API node; with all `limit` taken the request
 * answers 429 with the setting's name as the code.
 */
export interface UserSlotKind {
  /** The kind's rows in user_slots, and the code of its 429 (the setting's name). */
  code: 'USER_RUNNING_SIMULATIONS' | 'USER_RUNNING_QUERIES';
  /** What the English message calls them. */
  noun: string;
  /** After this a row a stopped node left behind stops counting (longer than any one run). */
  holdSeconds: number;
}

export const SIMULATION_SLOT: UserSlotKind = { code: 'USER_RUNNING_SIMULATIONS', noun: 'simulation(s)', holdSeconds: 300 };
export const QUERY_SLOT: UserSlotKind = { code: 'USER_RUNNING_QUERIES', noun: 'stored quer(ies)', holdSeconds: 60 };

/**
 * Takes the lowest free slot (or one whose holder expired) in one statement, no transaction: the
 * hot path of a simulation. Two requests picking the same slot at once: the key lets one have it,
 * the other finds no row and tries again.
 */
const TAKE = `INSERT INTO user_slots (user_id, kind, slot, id, expires_at)
  SELECT $1, $2, s, $4, now() + make_interval(secs => $5) FROM generate_series(0, $3 - 1) s
  WHERE NOT EXISTS (SELECT 1 FROM user_slots u WHERE u.user_id = $1 AND u.kind = $2 AND u.slot = s AND u.expires_at > now())
  ORDER BY s LIMIT 1
  ON CONFLICT (user_id, kind, slot) DO UPDATE SET id = EXCLUDED.id, expires_at = EXCLUDED.expires_at WHERE user_slots.expires_at <= now()
  RETURNING slot`;

/** Runs `work` while holding one of the user's `limit` slots of the kind; 429 when all are taken. */
export async function withUserSlot<T>(db: Database, userId: string, kind: UserSlotKind, limit: number, work: () => Promise<T>): Promise<T> {
  const id = randomUUID();
  let taken = false;
  for (let attempt = 0; attempt < limit && !taken; attempt++) {
    taken = (await db.query(TAKE, [userId, kind.code, limit, id, kind.holdSeconds])).rows.length > 0;
    if (!taken && attempt === 0) {
      // Only a race loses a free slot; with every slot held there is nothing to try again for.
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_slots WHERE user_id = $1 AND kind = $2 AND slot < $3 AND expires_at > now()', [
        userId,
        kind.code,
        limit,
      ]);
      if (Number(rows[0].n) >= limit) break;
    }
  }
  if (!taken) {
    throw coded(429, kind.code, { limit }, `You have ${limit} ${kind.noun} running already (${kind.code}); start this one when one has ended`);
  }
  try {
    return await work();
  } finally {
    await db.query('DELETE FROM user_slots WHERE id = $1', [id]);
  }
}
