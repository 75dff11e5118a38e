import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable.ts';
import { coded } from '../errors.ts';
import type { AccessTokenClaims, RequestUser } from './roles.ts';
import { sessionVersions, type SessionVersions } from './session-versions.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: RequestUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid, unexpired Bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (claims: AccessTokenClaims) => string;
    /** Session versions of the users: a token stops working when its user's version moves on. */
    sessions: SessionVersions;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The one algorithm of access tokens (an HMAC of the signing secret, server/auth/secret.ts). */
export const TOKEN_ALGORITHM = 'HS256';

/** Bearer access tokens (DESIGN 6): signing, verification and the request's user. */
export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string; ttl: string; db: Database }) => {
  const sessions = sessionVersions(options.db, app.log);
  app.decorate('sessions', sessions);
  app.addHook('onClose', async () => sessions.close());
  // A write may have ended sessions (its triggers moved versions): the next request of this
  // process reads them afresh. Runs before the answer leaves, so "at once" holds for the caller.
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) sessions.forgetAll();
  });
  await app.register(fastifyJwt, {
    secret: options.secret,
    // One algorithm signs and one verifies (DESIGN 7b): a token of the same secret under HS384,
    // HS512 or "none" is refused, so no caller chooses how its token is checked.
    sign: { algorithm: TOKEN_ALGORITHM, expiresIn: options.ttl },
    // A token that never expires is never accepted, whoever signed it.
    // A verified token is remembered (fast-jwt's cache, keyed by a SHA-256 of the whole token,
    // kept no longer than its exp): its HMAC is not checked again on every request of a session
    // (issue 11: per-request cost). `trusted` below still runs on every request, so an ended
    // session ends at once.
    verify: { algorithms: [TOKEN_ALGORITHM], requiredClaims: ['exp', 'sub'], cache: 10_000 },
    // Sessions end when access ends (DESIGN 6): the token's session version must still be its user's.
    trusted: (_request, claims) => {
      const { sub, sv } = claims as unknown as AccessTokenClaims;
      return sessions.isCurrent(String(sub), typeof sv === 'number' ? sv : 0);
    },
    formatUser: (claims) => ({
      id: claims.sub,
      email: claims.email,
      name: claims.name,
      role: claims.Role,
      customerId: claims.customerId,
      // A copy: with the cache, every request of a token would share the claims' own object.
      permissions: { ...(claims.permissions ?? {}) },
    }),
  });
  app.decorate('signAccessToken', (claims: AccessTokenClaims) => app.jwt.sign(claims));
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await request.jwtVerify();
      // Every later log line of the request, and the "request completed" line, names who asked.
      const log = request.log.child({ user: request.user.email, userId: request.user.id, customerId: request.user.customerId });
      request.log = log;
      reply.log = log;
    } catch (e) {
      // The session check could not read its version: the token is not at fault, and the caller
      // keeps its session (DESIGN 7b: 503, never 401, while the database is away).
      if (isDatabaseUnavailable(e)) throw databaseUnavailable();
      const code = (e as { code?: string }).code;
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw coded(401, 'TOKEN_EXPIRED', {}, 'The session has expired; log in again');
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw coded(401, 'UNAUTHORIZED', {}, 'Authentication required');
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_UNTRUSTED') throw coded(401, 'SESSION_ENDED', {}, 'The session has ended; log in again');
      throw coded(401, 'TOKEN_INVALID', {}, 'The access token is not valid');
    }
  });
});
