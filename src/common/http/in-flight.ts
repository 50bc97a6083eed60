import type { FastifyInstance, FastifyRequest } from 'fastify';

const COUNTED = Symbol('hearth.inFlight');

/** Requests this process is answering now (every app in it), kept by `countInFlight`'s hooks. */
export const inFlight = { count: 0 };

function done(request: FastifyRequest): void {
  const marked = request as FastifyRequest & { [COUNTED]?: boolean };
  if (!marked[COUNTED]) return;
  marked[COUNTED] = false;
  inFlight.count--;
}

/**
 * Counts requests from arrival to their answer (or the client's abort): what the hashing pool asks
 * before it lends a login the last core (PasswordService).
 */
export function countInFlight(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, next) => {
    (request as FastifyRequest & { [COUNTED]?: boolean })[COUNTED] = true;
    inFlight.count++;
    next();
  });
  fastify.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  fastify.addHook('onRequestAbort', (request, next) => {
    done(request);
    next();
  });
}
