import type { FastifyInstance } from 'fastify';

/**
 * `POST /api/auth/logout`: ends every session of the signed-in user on the server (DESIGN 6),
 * so a copied token is as dead as the one the browser throws away. 204; the token is then a 401.
 */
export function registerLogout(app: FastifyInstance): void {
  app.post('/api/auth/logout', { preHandler: app.authenticate }, async (request, reply) => {
    await app.sessions.end(request.user.id);
    request.log.info('logged out');
    return reply.status(204).send();
  });
}
