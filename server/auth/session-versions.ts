import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { listenChannel } from '../db/listen-channel.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';

/**
 * The session version of each user (migration 0015), as the per-request check reads it: a
 * token is current while its `sv` claim equals its user's version. The database moves versions
 * in triggers; this cache keeps the per-request cost to a Map lookup.
 *
 * A cached version is dropped
 * - at once in this process after any write request (the app's onSend hook calls `forgetAll`),
 *   so a revoking write is in force for the very next request;
 * - at once on the other API nodes of a PostgreSQL, which LISTEN to the triggers' NOTIFY;
 * - after TTL_MS in any case, the bound should a node miss a notification (its LISTEN
 *   connection lost and not yet back).
 */
export const TTL_MS = 5000;
const MAX_ENTRIES = 50_000;
const CHANNEL = 'segra_sessions';

export interface SessionVersions {
  /** Whether a token of `userId` carrying `version` still stands. */
  isCurrent(userId: string, version: number): Promise<boolean>;
  /** The version a token signed now carries. */
  current(userId: string): Promise<number>;
  /** Ends every session of the user (logout). */
  end(userId: string): Promise<void>;
  /** Drops every cached version (after a write in this process). */
  forgetAll(): void;
  close(): Promise<void>;
}

interface Entry {
  version: number;
  until: number;
}


export function sessionVersions(db: Database, log?: FastifyBaseLogger): SessionVersions {
  const cache = new Map<string, Entry>();
  // Bumped by every invalidation: a read that started before one must not store what it read.
  let generation = 0;

  const forgetAll = (): void => {
    generation++;
    cache.clear();
  };
  const forget = (userId: string): void => {
    generation++;
    cache.delete(userId);
  };

  async function load(userId: string): Promise<number> {
    if (!UUID.test(userId)) return 0; // no row can exist; spares the database a cast error
    const { rows } = await db.query<{ version: number }>('SELECT version FROM session_versions WHERE user_id = $1', [userId]);
    return rows[0]?.version ?? 0;
  }

  async function current(userId: string): Promise<number> {
    const now = Date.now();
    const hit = cache.get(userId);
    if (hit && hit.until > now) return hit.version;
    const started = generation;
    const version = await load(userId);
    if (started === generation) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(userId, { version, until: now + TTL_MS });
    }
    return version;
  }

  const listener = listenChannel(db, CHANNEL, {
    message: (userId) => {
      if (userId) forget(userId);
    },
    up: forgetAll, // whatever was cached while not listening may be stale
    down: (err, lost) => {
      // Until it is back, cached versions still expire after TTL_MS.
      if (!lost) log?.warn({ err }, `session notifications unavailable; cached versions expire after ${TTL_MS} ms`);
      else {
        log?.warn({ err }, 'session notifications lost; reconnecting');
        forgetAll();
      }
    },
  });

  return {
    isCurrent: async (userId, version) => (await current(userId)) === version,
    current: load,
    async end(userId) {
      if (!UUID.test(userId)) return;
      await db.query('SELECT segra_end_sessions(ARRAY[$1::uuid])', [userId]);
      forget(userId);
    },
    forgetAll,
    close: () => listener.close(),
  };
}
