import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { listenChannel } from '../../db/listen-channel.ts';
import { type AppError, coded } from '../../errors.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';

const ENTRY_MESSAGE = 'Origin must be a URL origin such as https://grc.example.com, or an IP address or CIDR range';

/** An IP address or CIDR range in canonical form, or null. */
function normalizeIpEntry(value: string): string | null {
  const [address, prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${Number(prefix)}`;
}

/** `https://host[:port]` from a URL origin (a trailing slash is dropped), or null. */
export function normalizeOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    return null;
  if (url.pathname !== '/' || !/^https?:\/\/[^/]+\/?$/i.test(value)) return null;
  return url.origin;
}

/** A cors entry: a URL origin, or an IP address / CIDR range; stored normalized. */
export function normalizeCorsEntry(value: string): string | null {
  const v = value.trim();
  if (v.includes('://')) return normalizeOrigin(v);
  return normalizeIpEntry(v);
}

const origin = z
  .string({ error: 'Origin is required' })
  .trim()
  .min(1, 'Origin is required')
  .max(300, 'Origin is too long')
  .transform((v, ctx) => {
    const normalized = normalizeCorsEntry(v);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: ENTRY_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });
const status = z.enum(['active', 'passive'], { error: 'Status must be active or passive' });

/** Allowed origins and client addresses of the caller's customer (SuperAdmin writes, Admin reads). */
export const corsEntriesResource: ResourceSpec = {
  name: 'cors-entries',
  table: 'cors_entries',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    origin: 'origin',
    status: 'status',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({ origin, status: status.default('active') }),
  updateSchema: z.object({ origin: origin.optional(), status: status.optional() }),
  sortable: ['id', 'origin', 'status', 'createdAt', 'updatedAt', 'customerId'],
  defaultSort: ['origin', 'ASC'],
  filterable: { origin: 'ilike', status: 'eq', customerId: 'eq' },
  q: ['origin'],
  tenantScoped: true,
  access: { read: ['Admin', 'SuperAdmin'], write: ['SuperAdmin'], page: 'customer/cors' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'This origin is already listed',
};

interface Rules {
  origins: Set<string>;
  ips: BlockList;
  hasIps: boolean;
}

/** How long a customer's rules are kept while this node hears every write to them (LISTEN, or the one process of PGlite). */
const CACHE_MS = 30_000;
/** ...and while a PostgreSQL node does not hear them (its LISTEN connection lost): the 1 s of DESIGN 7b. */
const DEAF_CACHE_MS = 1000;
const CHANNEL = 'segra_cors';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOW_HEADERS = 'Authorization, Content-Type, X-Customer-Id';
const ALLOW_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

function compile(entries: string[]): Rules | null {
  if (entries.length === 0) return null;
  const rules: Rules = { origins: new Set(), ips: new BlockList(), hasIps: false };
  for (const entry of entries) {
    if (entry.includes('://')) {
      rules.origins.add(entry);
      continue;
    }
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) rules.ips.addAddress(address, type);
    else rules.ips.addSubnet(address, Number(prefix), type);
    rules.hasIps = true;
  }
  return rules;
}

function ipAllowed(rules: Rules, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const version = isIP(address);
  if (!version) return false;
  return rules.ips.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

const originNotAllowed = (message: string): AppError => coded(403, 'ORIGIN_NOT_ALLOWED', {}, message);

function allowOrigin(reply: FastifyReply, value: string): void {
  reply.header('Access-Control-Allow-Origin', value);
  reply.header('Access-Control-Expose-Headers', 'Content-Range, Segra-Warnings');
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * The cors-entries resource and its enforcement.
 *
 * The rule, for authenticated `/api` requests of an Admin or User whose customer has at least
 * one *active* entry (a customer without active entries is unrestricted; SuperAdmin never is):
 *  1. a cross-origin request (an `Origin` header whose host differs from `Host`) must come from
 *     an active origin entry; it then gets `Access-Control-Allow-Origin` with that origin;
 *  2. when the customer has active IP/CIDR entries, the client address (`request.ip`) must lie
 *     within one of them.
 * Otherwise 403 ORIGIN_NOT_ALLOWED. Preflights (`OPTIONS /api/*`, sent without credentials)
 * are answered 204, with the CORS headers when the origin is an active entry of any customer.
 * Entries are cached per customer for 30 s and dropped on every write request of this node; on
 * PostgreSQL the node LISTENs to the table's trigger (migration 0035) and drops them on any
 * write anywhere, and keeps them only 1 s while it does not hear (DESIGN 7b: within 1 s).
 */
export const corsRoutes = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    const { db } = options;
    const cache = new Map<string, { until: number; rules: Promise<Rules | null> }>();
    const ANY = '*';
    // PGlite: this process is the only writer, and its writes drop the cache below.
    let hearing = !db.connectionString;

    const rulesOf = (customerId: string): Promise<Rules | null> => {
      const hit = cache.get(customerId);
      if (hit && hit.until > Date.now()) return hit.rules;
      const rules = db
        .query<{ origin: string }>(
          customerId === ANY
            ? `SELECT origin FROM cors_entries WHERE status = 'active' AND origin LIKE '%://%'`
            : `SELECT origin FROM cors_entries WHERE status = 'active' AND customer_id = $1`,
          customerId === ANY ? [] : [customerId],
        )
        .then(({ rows }) => compile(rows.map((r) => r.origin)));
      const entry = { until: Date.now() + (hearing ? CACHE_MS : DEAF_CACHE_MS), rules };
      rules.catch(() => {
        if (cache.get(customerId) === entry) cache.delete(customerId);
      });
      cache.set(customerId, entry);
      return rules;
    };

    // A write request of this node may have changed entries (a customer deleted with its entries).
    app.addHook('onSend', async (request) => {
      if (!READ_METHODS.has(request.method)) cache.clear();
    });
    const listener = listenChannel(db, CHANNEL, {
      message: () => cache.clear(),
      up: () => {
        cache.clear(); // whatever was read while not hearing may be stale
        hearing = true;
      },
      down: (err, lost) => {
        hearing = false;
        cache.clear();
        app.log.warn({ err }, lost ? 'allowed-origin notifications lost; rules are kept 1 s until they are back' : 'allowed-origin notifications unavailable; rules are kept 1 s');
      },
    });
    app.addHook('onClose', async () => listener.close());
    await listener.ready;

    const crossOrigin = (request: FastifyRequest): string | null => {
      const header = request.headers.origin;
      if (!header) return null;
      const normalized = normalizeOrigin(header);
      if (normalized && new URL(normalized).host === request.headers.host) return null; // same origin
      return normalized ?? header;
    };

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith('/api/') || request.method === 'OPTIONS' || !request.headers.authorization) return;
      const origin = crossOrigin(request);
      if (origin) reply.header('Vary', 'Origin');
      try {
        await request.jwtVerify();
      } catch {
        return; // the route's authentication answers 401
      }
      const user = request.user;
      if (user.role === 'SuperAdmin' || !user.customerId) {
        if (origin && (await rulesOf(ANY))?.origins.has(origin)) allowOrigin(reply, origin);
        return;
      }
      const rules = await rulesOf(user.customerId);
      if (!rules) return;
      if (origin) {
        if (!rules.origins.has(origin)) throw originNotAllowed(`Requests from ${origin} are not allowed for this customer`);
        allowOrigin(reply, origin);
      }
      if (rules.hasIps && !ipAllowed(rules, request.ip))
        throw originNotAllowed(`Requests from the address ${request.ip} are not allowed for this customer`);
    });

    app.options('/api/*', async (request, reply) => {
      const origin = crossOrigin(request);
      if (origin) {
        reply.header('Vary', 'Origin');
        if ((await rulesOf(ANY))?.origins.has(origin)) {
          allowOrigin(reply, origin);
          reply.header('Access-Control-Allow-Methods', ALLOW_METHODS);
          reply.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
          reply.header('Access-Control-Max-Age', '600');
        }
      }
      return reply.status(204).send();
    });

    await app.register(async (scope) => {
      defineResource(scope, corsEntriesResource, { db });
    });
  },
  { name: 'segra-cors-entries' },
);
