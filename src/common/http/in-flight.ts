import type { FastifyInstance } from 'fastify';

/** Requests this process is answering now (every app in it), kept by `countInFlight`'s hook. */
export const inFlight = { count: 0 };

const finished = new Set<() => void>();

/** Calls `listener` each time a request has been answered (or abandoned); returns the unsubscribe. */
export function onRequestFinished(listener: () => void): () => void {
  finished.add(listener);
  return () => finished.delete(listener);
}

function done(): void {
  inFlight.count--;
  for (const listener of finished) listener();
}

/**
 * Counts requests from arrival until their response closes: sent, or the connection gone (a client
 * that gives up mid-request fires neither onResponse nor, reliably, onRequestAbort; the response's
 * `close` event always comes once). What the hashing pool asks before it lends a login the last
 * core (PasswordService).
 */
export function countInFlight(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, next) => {
    inFlight.count++;
    reply.raw.once('close', done);
    next();
  });
}

/**
 * A response that stays open for the life of a connection (a live event stream) is not work in
 * flight: it stops being counted now, so the hashing pool's idle test is not fooled by open streams.
 */
export function stopCounting(raw: { listeners(event: 'close'): Function[]; removeListener(event: 'close', listener: () => void): unknown }): void {
  if (!raw.listeners('close').includes(done)) return;
  raw.removeListener('close', done);
  done();
}
