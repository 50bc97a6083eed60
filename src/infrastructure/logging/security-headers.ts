import helmet, { HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config/app-config';

/**
 * helmet's response headers, computed once at boot: with a fixed configuration they are the same
 * on every response, and running helmet per request costs a third of a small route's throughput.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Hearth's security headers for this configuration, the same on every response (app.factory.ts).
 * Scripts only from the service's own files: `'unsafe-inline'` for scripts only with
 * `{ docs: true }`, the headers of /docs, whose Swagger UI starts with an inline script.
 */
export function hearthSecurityHeaders(config: Pick<AppConfig, 'cookieSecure' | 's3'>, options: { docs?: boolean } = {}): Record<string, string> {
  // with S3 the browser talks to the store itself (presigned URLs); the local driver is this origin
  const storageOrigins = config.s3.endpoint ? [new URL(config.s3.publicEndpoint).origin] : [];
  return securityHeaders({
    // over plain HTTP on a LAN address, upgrade-insecure-requests would blank /docs, and HSTS
    // would pin a browser to HTTPS that is not there: both only behind HTTPS (COOKIE_SECURE=true)
    strictTransportSecurity: config.cookieSecure,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: options.docs ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // pictures come from and go straight to object storage (presigned URLs); previews are blob: URLs
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageOrigins],
        connectSrc: ["'self'", ...storageOrigins],
        // the ALTCHA widget solves its proof of work in a worker
        workerSrc: ["'self'", 'blob:'],
      },
    },
  });
}

/**
 * Whether a request's URL is the API docs (Swagger UI) or one of its own assets: exactly `/docs` or
 * a path under `/docs/`, with any query. Not `/docsx`, `/docs-json` or any page of the web app.
 */
export function isDocsUrl(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  return path === '/docs' || path.startsWith('/docs/');
}

/** CORS (@fastify/cors, registered on the Fastify instance by createApp): the configured origins, with credentials. */
export function corsOptions(config: Pick<AppConfig, 'corsOrigins'>) {
  return { origin: config.corsOrigins, credentials: true, exposedHeaders: ['X-Request-Id', 'Retry-After'] };
}
