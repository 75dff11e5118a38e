import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

/** What a wrapped resource handler answered: its status and body, not yet sent. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Runs the original handler on a reply stand-in that keeps status and body for post-processing. */
async function run(
  handler: RouteHandlerMethod,
  self: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Answer> {
  let status = 200;
  let sent = false;
  let body: unknown;
  const standIn = {
    header: (name: string, value: unknown) => {
      reply.header(name, value);
      return standIn;
    },
    status: (code: number) => {
      status = code;
      return standIn;
    },
    code: (code: number) => {
      status = code;
      return standIn;
    },
    send: (payload: unknown) => {
      sent = true;
      body = payload;
      return standIn;
    },
  };
  const returned: unknown = await handler.call(self, request, standIn as unknown as FastifyReply);
  return { status, body: sent ? body : returned };
}

export type Around = (request: FastifyRequest, next: () => Promise<Answer>) => Promise<Answer>;

/**
 * Adds, in the given (encapsulated) scope, steps around the handlers of routes registered
 * afterwards, keyed `METHOD url` (e.g. `POST /api/groups`). Used to extend declared resources
 * (hashing a password, embedding pages) without changing the declarative resource layer.
 */
export function aroundRoutes(scope: FastifyInstance, arounds: Record<string, Around>): void {
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const around = methods.map((m) => arounds[`${m} ${route.url}`]).find(Boolean);
    if (!around) return;
    const original = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const answer = await around(request, () => run(original, this, request, reply));
      return reply.status(answer.status).send(answer.body);
    };
  });
}
