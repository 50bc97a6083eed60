import type { FastifyReply, FastifyRequest } from 'fastify';
import { Stream } from 'node:stream';
import { AppError } from '../errors/app-error';

/** JSON nested deeper than this many arrays/objects is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

/** The request headers the service reads (besides X-Request-Id, which is pattern-checked and replaced when odd). */
export const READ_HEADERS = ['authorization', 'cookie', 'user-agent', 'x-forwarded-for'] as const;

/**
 * Whether a JSON text nests arrays/objects deeper than `limit` (the outermost value is level 1).
 * A linear scan of the raw text, so a hostile body never reaches a recursive parser or validator.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string PostgreSQL cannot store or that is not valid Unicode: a NUL, or a lone UTF-16 surrogate. */
export function isHostileString(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

const join = (parent: string, key: string | number) => (typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key);

/** Parsed JSON and query objects only: a raw upload stream (its graph is the socket and server) or bytes are not walked. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !(value instanceof Stream) && !ArrayBuffer.isView(value);
}

/** The path of the first hostile string (key or value) in a parsed body or query, or null. */
export function findHostileString(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isHostileString(current)) return path || 'body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, i)]);
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = join(path, key);
        if (isHostileString(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return null;
}

const refuse = (field: string) => {
  const message = `${field} must not contain a NUL character or an unpaired UTF-16 surrogate`;
  return AppError.invalidField(field, message);
};

/**
 * The one place where strings are checked for what no field may hold: body, query string and the
 * headers the service reads. Runs as a Fastify preValidation hook, before guards, pipes and SQL.
 */
export function rejectHostileInput(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  for (const name of READ_HEADERS) {
    const header = request.headers[name];
    const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
    if (values.some(isHostileString)) return done(refuse(name));
  }
  const field = findHostileString(request.query) ?? findHostileString(request.body);
  done(field ? refuse(field) : undefined);
}
