import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { coded } from '../errors.ts';

/**
 * Per-user concurrency limits of the interactive heavy work (DESIGN 7b): simulations and stored
 * queries run on the API nodes, not on the job queue, so one user firing many at once would
 * take every node's threads from everyone else. A running one holds a row of `user_slots`
 * (0037), which every API node counts; one more than the limit answers 429 with the setting's
 * name as the code.
 */
export interface UserSlotKind {
  /** The kind's rows in user_slots, and the code of its 429 (the setting's name). */
  code: 'USER_RUNNING_SIMULATIONS' | 'USER_RUNNING_QUERIES';
  /** What the English message calls one. */
  noun: string;
  /** After this a row a stopped node left behind stops counting (longer than any one run). */
  holdSeconds: number;
}

export const SIMULATION_SLOT: UserSlotKind = { code: 'USER_RUNNING_SIMULATIONS', noun: 'simulation(s)', holdSeconds: 300 };
export const QUERY_SLOT: UserSlotKind = { code: 'USER_RUNNING_QUERIES', noun: 'stored quer(ies)', holdSeconds: 60 };

/** Runs `work` while holding one of the user's `limit` slots of the kind; 429 when all are taken. */
export async function withUserSlot<T>(db: Database, userId: string, kind: UserSlotKind, limit: number, work: () => Promise<T>): Promise<T> {
  const id = randomUUID();
  const taken = await db.transaction(async (tx) => {
    // Two requests of the user at once on any nodes: the second counts the first's row.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('segra user_slots'), hashtext($1))`, [userId]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM user_slots WHERE user_id = $1 AND kind = $2 AND expires_at > now()', [
      userId,
      kind.code,
    ]);
    if (Number(rows[0].n) >= limit) return false;
    await tx.query('INSERT INTO user_slots (id, user_id, kind, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))', [
      id,
      userId,
      kind.code,
      kind.holdSeconds,
    ]);
    return true;
  });
  if (!taken) {
    throw coded(429, kind.code, { limit }, `You have ${limit} ${kind.noun} running already (${kind.code}); start this one when one has ended`);
  }
  try {
    return await work();
  } finally {
    // Rows of the user that a stopped node left behind go too.
    await db.query('DELETE FROM user_slots WHERE id = $1 OR (user_id = $2 AND expires_at <= now())', [id, userId]);
  }
}
