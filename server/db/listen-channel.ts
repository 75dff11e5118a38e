import pg from 'pg';
import type { Database } from './database.ts';

/** What a LISTEN connection tells its owner. */
export interface ChannelHandlers {
  /** A notification on the channel, with its payload ('' when none). */
  message(payload: string): void;
  /** Listening, at first or again: whatever was kept while not listening may be stale. */
  up(): void;
  /** Not listening: the connection was lost (`lost`) or could not be made; it is tried again every second. */
  down(err: unknown, lost: boolean): void;
}

/**
 * A connection of its own that LISTENs on `channel` of a PostgreSQL database, for caches of an API
 * node that other nodes' writes must reach at once (session versions, kept findings pages).
 * Nothing on a database without a connection string (PGlite: one process, no other node).
 */
export function listenChannel(
  db: Database,
  channel: string,
  on: ChannelHandlers,
  options: { /** Shown in pg_stat_activity (a worker's presence). */ applicationName?: string } = {},
): { ready: Promise<void>; close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const retryLater = (): void => {
    if (!closed) retry = setTimeout(() => void start(), 1000).unref();
  };
  async function connect(): Promise<void> {
    // keepAlive: a connection dead without a word (a half-open TCP link) ends in an error, not in silence.
    const c = new pg.Client({ connectionString: db.connectionString, keepAlive: true, application_name: options.applicationName });
    c.on('notification', (message) => {
      if (message.channel === channel) on.message(message.payload ?? '');
    });
    c.on('error', (err) => {
      c.end().catch(() => {});
      if (client !== c) return;
      client = null;
      on.down(err, true);
      retryLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      // A connection made but not listening is closed, not left open at every retry.
      await c.end().catch(() => {});
      throw e;
    }
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    on.up();
  }
  function start(): Promise<void> {
    if (closed || !db.connectionString) return Promise.resolve();
    return connect().catch((err: unknown) => {
      on.down(err, false);
      retryLater();
    });
  }
  const ready = start();
  return {
    /** Settled once the first attempt listens or failed (then it is tried again). */
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
