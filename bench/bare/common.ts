/**
 * What the benchmark's reference servers share (bench/bare/server.ts, bench/floor/server.ts): the
 * configuration, the pool, the Fastify instance with Hearth's response headers, the token and
 * session check, problem details and the markers' DTO, so that the two differ only in what
 * they are there to compare.
 */
import cors from '@fastify/cors';
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { Pool, types } from 'pg';
import { loadConfig } from '../../src/config';
import { corsOptions, hearthSecurityHeaders } from '../../src/infrastructure/logging/security-headers';
import * as sql from './statements';
import { toMarkerDto, type MarkerRow } from '../../src/modules/markers/markers.sql';

// a date column as its text, as Hearth (TypeORM) reads it; timestamps become Dates, numeric stays text
types.setTypeParser(1082, (value) => value);

export const config = loadConfig(process.env);
export const pool = new Pool({ connectionString: config.databaseUrl, max: 20, application_name: 'hearth-bench-bare' });
pool.on('error', () => undefined);

/** Fastify with Hearth's request ids, CORS and security headers on every response. */
export function hearthFastify(): FastifyInstance {
  const app = Fastify({ genReqId: () => randomUUID() });
  const headers = hearthSecurityHeaders(config);
  void app.register(cors, corsOptions(config));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}

export interface Claims {
  UserId: string;
  GroupId: string;
  Nickname: string;
  Currency: string;
  Modules: string[];
  PermsVersion: number;
  SessionId: string;
}

const verifyOptions: jwt.VerifyOptions = { algorithms: [config.jwt.algorithm], issuer: config.jwt.issuer, audience: config.jwt.audience };

export interface FieldError {
  field: string;
  message: string;
}

/** A refusal, as Hearth words it: status, title, code and detail of its problem details. */
export interface Refusal {
  status: number;
  title: string;
  code: string;
  detail: string;
  errors?: FieldError[];
}

export function problem(request: FastifyRequest, reply: FastifyReply, status: number, title: string, code: string, detail: string, errors?: FieldError[]) {
  const body = {
    type: `https://hearth.dev/problems/${code.toLowerCase().replace(/_/g, '-')}`,
    title,
    status,
    detail,
    code,
    instance: request.url.split('?')[0],
    requestId: request.id,
    ...(errors ? { errors } : {}),
  };
  return reply.code(status).type('application/problem+json').send(JSON.stringify(body));
}

/** The token, then the session check, then the module: the caller's claims, or why not. */
export async function authorize(header: string | undefined, module: string): Promise<Claims | Refusal> {
  let claims: Claims;
  try {
    if (!header?.startsWith('Bearer ')) throw new Error('no token');
    claims = jwt.verify(header.slice(7), config.jwt.verifyKey, verifyOptions) as unknown as Claims;
  } catch {
    return { status: 401, title: 'Unauthorized', code: 'UNAUTHORIZED', detail: 'Authentication required' };
  }
  const [row] = await run(sql.SESSION_CHECK, [claims.SessionId, claims.UserId]);
  if (!row?.live || row.status !== 'Active' || row.perms_version !== claims.PermsVersion) {
    return { status: 401, title: 'Unauthorized', code: 'SESSION_REVOKED', detail: 'The session has ended; sign in again' };
  }
  if (!claims.Modules.includes(module)) {
    return { status: 403, title: 'Forbidden', code: 'MODULE_DISABLED', detail: `The ${module} module is not enabled for this group` };
  }
  return claims;
}

export const send = (reply: FastifyReply, body: unknown, status = 200) => reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));

export function intParam(value: unknown, fallback: number, min: number, max: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max && /^\d+$/.test(String(value)) ? n : null;
}

export type Row = Record<string, any>;

/** Runs one of Hearth's named statements. */
export const run = (query: { name: string; text: string }, values: unknown[]) =>
  pool.query({ name: query.name, text: query.text, values }).then((result) => result.rows);

/** A marker in list form: Hearth's own mapper (its rows' columns are Hearth's statements'). */
export function markerDto(m: Row, imageCount: number, coverThumbnailUrl: string | null) {
  return toMarkerDto(m as unknown as MarkerRow, imageCount, coverThumbnailUrl);
}
