import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { listenChannel } from '../db/listen-channel.ts';
import { countCacheOf } from './count-cache.ts';

/** How long a kept page answers at most (as the list totals, count-cache.ts). */
export const KEPT_PAGES_TTL_MS = 5_000;
/** Characters of page text (and keys) kept at most per API node: some 500 pages of findings (30 KB each). */
export const KEPT_PAGES_BUDGET = 16 * 1024 * 1024;
const CHANNEL = 'segra_findings';

/** A list page as the database wrote it (`pageAsJson`): its records' JSON text, their number, the list's total. */
export interface KeptPage {
  records: string;
  length: number;
  total: number;
}

interface Entry {
  page: KeptPage;
  until: number;
}

/**
 * List pages of the findings kept by an API node (issue 12: p99 under 100 concurrent clients on an
 * L analysis; a page read anew costs the node and its database 1.2-1.7 ms of CPU, a kept one the
 * authentication and the send). A kept page is never older than the last write to the findings
 * this node has heard of: every write request of this node, and every statement that writes
 * findings anywhere (migration 0029's NOTIFY, heard through LISTEN), drops them all; a page read
 * while such a write happened is not kept. Pages are kept only while the node listens (not on
 * PGlite, not while the connection is lost), and KEPT_PAGES_TTL_MS at most. Keys hold the
 * tenant's conditions and parameters: a page never crosses customers, and it is only asked for
 * after the caller's access to the list was checked.
 */
export class KeptPages {
  /** Whether pages may be kept: the node hears every write to the findings. */
  active = false;
  /** Moves on at every write heard: a page read before it is not kept. */
  generation = 0;
  private readonly entries = new Map<string, Entry>();
  private size = 0;
  private readonly now: () => number;
  private readonly budget: number;

  constructor(options: { now?: () => number; budget?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.budget = options.budget ?? KEPT_PAGES_BUDGET;
  }

  get(key: string): KeptPage | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.page;
    this.drop(key, entry);
    return undefined;
  }

  private readonly reading = new Map<string, { generation: number; page: Promise<KeptPage> }>();

  /**
   * The kept page of `key`, or `read`'s, kept. While active, identical pages asked meanwhile share
   * one read (the first of many clients paging at once would each read it), unless a write was
   * heard since that read began. `generation`: when the caller began to read what the page rests on.
   */
  async page(key: string, read: () => Promise<KeptPage>, generation = this.generation): Promise<KeptPage> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    // A read that rests on what was read before a write heard (a search's ids) is neither shared nor kept.
    if (!this.active || generation !== this.generation) return read();
    const shared = this.reading.get(key);
    if (shared !== undefined && shared.generation === generation) return shared.page;
    const entry = { generation, page: read() };
    this.reading.set(key, entry);
    try {
      const page = await entry.page;
      this.put(key, page, generation);
      return page;
    } finally {
      if (this.reading.get(key) === entry) this.reading.delete(key);
    }
  }

  /**
   * The list's total for `key` (the list without its range), or `read`'s, kept like a page: every
   * page of a list asks the same count, and a count of fewer rows than the count cache keeps
   * (CACHED_COUNT_MIN) would be counted again for every page (issue 12: 4.3 ms of CPU a page on M).
   */
  async total(key: string, read: () => Promise<number>, generation = this.generation): Promise<number> {
    return (await this.page(`total\u0000${key}`, async () => ({ records: '', length: 0, total: await read() }), generation)).total;
  }

  /** Keeps `page`, read from `generation` on, unless a write was heard since or it is larger than the budget. */
  put(key: string, page: KeptPage, generation: number): void {
    const size = key.length + page.records.length;
    if (!this.active || generation !== this.generation || size > this.budget) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    // The oldest pages go first (a Map keeps insertion order).
    for (const [k, e] of this.entries) {
      if (this.size + size <= this.budget) break;
      this.drop(k, e);
    }
    this.entries.set(key, { page, until: this.now() + KEPT_PAGES_TTL_MS });
    this.size += size;
  }

  /** Called at every write heard, before the pages are dropped (the plugin drops the findings' kept counts and search ids too). */
  onForget: (() => void) | null = null;

  forgetAll(): void {
    this.onForget?.();
    this.generation++;
    this.entries.clear();
    this.size = 0;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.size -= key.length + entry.page.records.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** List pages of the findings this node keeps (kept-pages.ts). */
    keptPages: KeptPages;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Decorates the app with its kept pages; on PostgreSQL (unless KEEP_LIST_PAGES=false) they are kept while the node listens to the findings' writes. */
export const keptPagesPlugin = fp(async (app: FastifyInstance, options: { db: Database; keep: boolean }) => {
  const kept = new KeptPages();
  // The findings' totals and search ids kept by count-cache.ts go with the pages: a write heard
  // from another node or a worker no longer leaves them up to COUNT_TTL_MS behind.
  const counts = countCacheOf(options.db);
  kept.onForget = () => counts.invalidate('findings');
  app.decorate('keptPages', kept);
  // A write of this node may have changed findings (an acceptance re-applied): the caller's next page is read afresh.
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) kept.forgetAll();
  });
  if (!options.keep || !options.db.connectionString) return;
  // Pages are kept while the node listens, and none is kept from before it listened (again).
  const listener = listenChannel(options.db, CHANNEL, {
    message: () => kept.forgetAll(),
    up: () => {
      kept.forgetAll();
      kept.active = true;
    },
    down: (err, lost) => {
      kept.active = false;
      kept.forgetAll();
      app.log.warn({ err }, lost ? 'findings notifications lost; list pages are not kept until they are back' : 'findings notifications unavailable; list pages are not kept');
    },
  });
  app.addHook('onClose', async () => {
    kept.active = false;
    await listener.close();
  });
  // The node starts serving once it listens (or knows it cannot yet): its first pages are kept.
  await listener.ready;
});
