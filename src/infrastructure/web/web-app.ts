import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Paths that belong to the service, never to the web app (an unknown one is a problem-details 404). */
const SERVICE_PATH = /^\/(api|docs|docs-json|docs-yaml|health)(\/|$|\?)/;

/** The project root: the nearest folder above this file holding package.json (works from src/ and dist/src/). */
function projectRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}

/** Where `npm run build` puts the web client (`vite build` → dist/web). */
export function defaultWebDir(): string {
  return join(projectRoot(), 'dist', 'web');
}

/**
 * Serves the built web client at `/`: hashed assets cached for a year, every other GET that is not a
 * service path answered with index.html (the client-side router takes it from there). Text files
 * go out as the build compressed them (`.br`, `.gz` beside each: web/vite.config.mts) to a client
 * that accepts brotli or gzip, with `Vary: Accept-Encoding`; as they are to any other.
 * Returns false when the web client has not been built (the API runs alone).
 */
export async function serveWebApp(fastify: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  await fastify.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  fastify.get('/*', (request: FastifyRequest, reply) => {
    const path = request.url;
    // unknown service paths and missing files keep their 404
    if (SERVICE_PATH.test(path) || /\/[^/?]+\.[a-z0-9]+(\?|$)/i.test(path)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return true;
}
