import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error';
import { AccessTokensService } from '../auth/access-tokens/access-tokens.service';
import { CalendarFeedsService } from '../calendar/feeds/feeds.service';
import { CaldavService, DAV_ALLOW, DAV_HEADER, DAV_ROOT, type DavAnswer, MAX_ICS_BYTES } from './caldav.service';
import { MAX_DAV_BODY_BYTES } from './dav-xml';

/** The iCalendar import route of the API takes `text/calendar` too (its own limit). */
export const CALENDAR_IMPORT_ROUTE = /^\/api\/v1\/calendar\/imports(\?|$)/;
export const CALENDAR_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Whether a request is CalDAV's (its bodies are read as text; XML ones by the statement parser's types, see app.factory). */
export const isDavUrl = (url: string) => url.startsWith(DAV_ROOT);
const REALM = 'Basic realm="Hearth CalDAV", charset="UTF-8"';

function send(reply: FastifyReply, answer: DavAnswer): FastifyReply {
  reply.status(answer.status);
  reply.header('dav', DAV_HEADER);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.send(answer.body ?? '');
}

/** HTTP Basic credentials, or null. */
function basic(request: FastifyRequest): { username: string; password: string } | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Routes outside `/api/v1`: the secret feeds (`/ical/{token}.ics`), CalDAV's well-known address and
 * `/dav/…` with WebDAV's own methods (Fastify learns PROPFIND, PROPPATCH and REPORT here). Called
 * once while the app is built, before it is ready.
 */
export function registerCalendarRoutes(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  for (const method of ['PROPFIND', 'PROPPATCH', 'REPORT']) if (!fastify.supportedMethods.includes(method)) fastify.addHttpMethod(method, { hasBody: true });
  const dav = app.get(CaldavService);
  const feeds = app.get(CalendarFeedsService);
  const tokens = app.get(AccessTokensService);

  // iCalendar bodies, as text: a CalDAV PUT (at most 1 MB) and the import route (at most 5 MB); elsewhere 415 as before
  fastify.addContentTypeParser('text/calendar', { parseAs: 'string', bodyLimit: CALENDAR_IMPORT_MAX_BYTES }, (request, body, done) => {
    if (isDavUrl(request.url)) {
      if (Buffer.byteLength(body as string) > Math.max(MAX_DAV_BODY_BYTES, MAX_ICS_BYTES))
        return done(new AppError(413, 'PAYLOAD_TOO_LARGE', 'A calendar object may be at most 1 MB'), undefined);
      return done(null, body);
    }
    if (CALENDAR_IMPORT_ROUTE.test(request.url)) return done(null, body);
    done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'), undefined);
  });

  // the feed: RFC 5545 for calendar apps, by its secret address
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/ical/:file',
    handler: async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const feed = file.endsWith('.ics') ? await feeds.render(file.slice(0, -4)) : null;
      reply.header('cache-control', 'private, no-cache');
      if (!feed) return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      reply.header('etag', feed.etag);
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(request.method === 'HEAD' ? '' : feed.body);
    },
  });

  // RFC 6764: the well-known address leads to the root, whatever the method
  fastify.route({
    method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS', 'REPORT'],
    url: '/.well-known/caldav',
    config: { cors: false } as object,
    handler: (_request, reply) => reply.status(301).header('location', DAV_ROOT).send(),
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-cache');
    if (request.method === 'OPTIONS') return send(reply, { status: 200, headers: { allow: DAV_ALLOW, 'content-length': '0' } });
    const credentials = basic(request);
    let user = null;
    if (credentials) {
      try {
        user = await tokens.verifyForDav(credentials.username, credentials.password);
      } catch (error) {
        if (error instanceof AppError && error.status === 429) {
          return send(reply, { status: 429, headers: { ...(error.headers ?? {}), 'content-type': 'text/plain; charset=utf-8' }, body: `${error.message}\n` });
        }
        throw error;
      }
    }
    if (!user || !credentials) {
      return send(reply, {
        status: 401,
        headers: { 'www-authenticate': REALM, 'content-type': 'text/plain; charset=utf-8' },
        body: 'Sign in with your username and an access token of the dav scope\n',
      });
    }
    if (!user.modules.includes('Calendar'))
      return send(reply, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'The group has no calendar\n' });
    const caller = { user, username: credentials.username };
    const path = request.url;
    const body = typeof request.body === 'string' ? request.body : '';
    const headers = request.headers as Record<string, string | undefined>;
    switch (request.method) {
      case 'PROPFIND':
        return send(reply, await dav.propfind(caller, path, String(request.headers.depth ?? '0'), body));
      case 'PROPPATCH':
        return send(reply, await dav.proppatch(caller, path, body));
      case 'REPORT':
        return send(reply, await dav.report(caller, path, body));
      case 'GET':
      case 'HEAD':
        return send(reply, await dav.get(caller, path, request.method === 'HEAD'));
      case 'PUT':
        return send(reply, await dav.put(caller, path, headers, body));
      case 'DELETE':
        return send(reply, await dav.delete(caller, path, headers));
      default:
        return send(reply, { status: 405, headers: { allow: DAV_ALLOW } });
    }
  };
  const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'PROPFIND', 'PROPPATCH', 'REPORT'] as const;
  // calendar apps are not browsers: an OPTIONS here is WebDAV's, not a CORS preflight
  const config = { cors: false } as object;
  fastify.route({ method: [...methods], url: '/dav', config, handler: (_request, reply) => reply.status(301).header('location', DAV_ROOT).send() });
  fastify.route({ method: [...methods], url: '/dav/', config, handler });
  fastify.route({ method: [...methods], url: '/dav/*', config, handler });
}
