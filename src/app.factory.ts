import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { createRootLogger, redactUrl } from './infrastructure/logging/root-logger';
import { corsOptions, hearthSecurityHeaders, isDocsUrl } from './infrastructure/logging/security-headers';
import { createDataSource } from './database/data-source';
import { runMigrations } from './database/migrate';
import { loadStoredSecrets } from './infrastructure/secrets/stored-secrets';
import { REFRESH_COOKIE } from './modules/auth/refresh-cookie';
import { serveWebApp } from './infrastructure/web/web-app';
import { AppError } from './common/errors/app-error';
import { renderFastifyError, sendProblem } from './common/errors/problem.filter';
import { clientErrorHandler } from './common/http/client-error';
import { UPLOAD_CONTENT_TYPES } from './infrastructure/storage/storage.controller';
import { IMPORT_MAX_BYTES, STATEMENT_CONTENT_TYPES } from './modules/budget/imports/content-types';
import { jsonTooDeep, MAX_JSON_DEPTH, rejectHostileInput } from './common/http/hostile-input';
import { serializeResponsesBySchema } from './common/http/response-schemas';
import { countInFlight } from './common/http/in-flight';
import { isDavUrl, registerCalendarRoutes } from './modules/caldav/caldav.routes';

export const API_PREFIX = 'api/v1';
const IMPORT_ROUTE = new RegExp(`^/${API_PREFIX}/budget-accounts/[^/?]+/imports(\\?|$)`);
/** Longer than any URL Node accepts (16 KiB of headers), so no path parameter is refused by length alone. */
const MAX_PARAM_LENGTH = 16_384;
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Nest's own start-up chatter (a line per module and route): debug, so the start-up block stands out. */
const FRAMEWORK_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

function quietFramework(logger: Logger): LoggerService {
  return {
    log: (message: unknown, ...rest: unknown[]) =>
      FRAMEWORK_CONTEXTS.has(String(rest.at(-1))) ? logger.debug(message, ...rest) : logger.log(message, ...rest),
    error: (message: unknown, ...rest: unknown[]) => logger.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => logger.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => logger.debug(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => logger.verbose(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => logger.fatal(message, ...rest),
  };
}

/** Uses the caller's X-Request-Id when it is sane, otherwise a fresh UUID; echoed on every response. */
function requestId(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const id = typeof header === 'string' && VALID_REQUEST_ID.test(header) ? header : randomUUID();
  (req as IncomingMessage & { id?: string }).id = id;
  return id;
}

export function buildOpenApi(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Hearth API')
    .setDescription(
      'REST API for small groups sharing a map of places, a budget and notes. Every failure is RFC 9457 ' +
        '`application/problem+json` with a stable `code`. Module routes answer 403 MODULE_DISABLED when the group lacks the module.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addCookieAuth(REFRESH_COOKIE, { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE }, 'refresh')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
}

/**
 * Before Nest boots: applies pending migrations (unless MIGRATIONS_RUN=false) and loads the stored
 * installation keys into `config`. Also the first contact with the database, so an unreachable
 * one fails here, once, before any module starts.
 */
export async function prepareDatabase(config: AppConfig): Promise<void> {
  const dataSource = createDataSource(config.databaseUrl, config.migrationsRun ? {} : { migrations: [] });
  await dataSource.initialize();
  try {
    if (config.migrationsRun) await runMigrations(dataSource);
    await loadStoredSecrets(dataSource, config);
  } finally {
    await dataSource.destroy();
  }
}

/** Builds the fully configured application (used by main, the worker-less test harness and scripts). */
export async function createApp(config: AppConfig, options: { shutdownHooks?: boolean } = {}): Promise<NestFastifyApplication> {
  await prepareDatabase(config);
  const adapter = new FastifyAdapter({
    trustProxy: (config.trustProxy ?? false) as any,
    bodyLimit: config.bodyLimitBytes,
    genReqId: requestId,
    requestIdHeader: false,
    logger: false,
    // a path id of any length reaches the route, whose UUID check answers 400 INVALID_ID
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // what Node's HTTP parser refuses (unknown method, NUL in a header, oversized headers)
    clientErrorHandler,
    // what the router refuses before any hook (a malformed URL), in problem details too
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', request.id);
      sendProblem(request, reply, renderFastifyError(error.statusCode ?? 400, error.code, error.message));
    },
  });
  const logger = createRootLogger(config);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // JSON only (registered below): a form or text body is 415, not parsed
    bodyParser: false,
  });
  app.useLogger(quietFramework(app.get(Logger)));
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health/live', 'health/ready'] });
  // main.ts handles signals itself (the app first, then the embedded database)
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  // CORS on Fastify's own request hook, for every response (errors, 404s and preflights included).
  // Not Nest's enableCors: its hook also copies the headers onto the raw Node response, for Nest
  // middleware that ends a response itself. Hearth has no Nest middleware, and a header set on the
  // raw response sends every later header of the response through Node's slower merging path.
  await app.register(fastifyCors as any, corsOptions(config));
  const headers = hearthSecurityHeaders(config);
  const docsHeaders = hearthSecurityHeaders(config, { docs: true });
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) {
      return done(AppError.badRequest('MALFORMED_JSON', `JSON may nest at most ${MAX_JSON_DEPTH} levels of arrays and objects`), undefined);
    }
    parseJson(request, body as string, done);
  });
  // the local storage driver's upload route takes raw image bytes as a stream (it limits the size
  // itself); on any other route these types are refused like every other non-JSON body
  fastify.addContentTypeParser(UPLOAD_CONTENT_TYPES, (request, payload, done) => {
    if (!request.url.startsWith(`/${API_PREFIX}/storage/`)) {
      return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'), undefined);
    }
    done(null, payload);
  });
  // a bank statement (docs/import.md) arrives as raw bytes, up to its own limit, on its import route only
  fastify.addContentTypeParser(STATEMENT_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (request, body, done) => {
    // WebDAV's XML bodies (and iCalendar sent as text/plain or octet-stream) reach CalDAV as text
    if (isDavUrl(request.url)) return done(null, (body as Buffer).toString('utf8'));
    if (!IMPORT_ROUTE.test(request.url)) return done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'), undefined);
    done(null, body);
  });
  // the calendar's feeds and CalDAV: routes of their own outside /api/v1, WebDAV's methods and bodies
  registerCalendarRoutes(app);
  fastify.addHook('preValidation', rejectHostileInput);
  countInFlight(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    // only the API docs (Swagger UI) may run an inline script
    reply.headers(isDocsUrl(request.url) ? docsHeaders : headers);
    reply.header('x-request-id', request.id);
    done();
  });
  // one line a request, on completion (health probes excepted); its fields are fixed and the URL's
  // credentials (tokens of mailed links, storage signatures) are blanked by redactUrl, so it skips
  // pino's redaction walk
  const accessLog = logger.child({}, { redact: { paths: [] } });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/health')) {
      accessLog.info(
        {
          requestId: request.id,
          req: { method: request.method, url: redactUrl(request.url) },
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
    done();
  });
  await app.register(fastifyCookie as any);
  if (config.docsEnabled) {
    SwaggerModule.setup('docs', app, () => buildOpenApi(app), { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
  }
  if (config.webDir) await serveWebApp(fastify, config.webDir);
  // 2xx JSON bodies through fast-json-stringify, compiled from the same DTOs as openapi.json
  serializeResponsesBySchema(fastify, buildOpenApi(app));
  await app.init();
  await fastify.ready();
  return app;
}
