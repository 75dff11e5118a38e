import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors.ts';
import type { AccessTokenClaims, RequestUser } from './roles.ts';

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
  }
}

/** Bearer access tokens (DESIGN 6): signing, verification and the request's user. */
export const authPlugin = fp(async (app: FastifyInstance, options: { secret: string; ttl: string }) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.ttl },
    formatUser: (claims) => ({
      id: claims.sub,
      email: claims.email,
      name: claims.name,
      role: claims.Role,
      customerId: claims.customerId,
      permissions: claims.permissions ?? {},
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
      const code = (e as { code?: string }).code;
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw unauthorized('The session has expired; log in again', 'TOKEN_EXPIRED');
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw unauthorized('Authentication required');
      throw unauthorized('The access token is not valid', 'TOKEN_INVALID');
    }
  });
});
