import type { FastifyInstance, RouteOptions } from 'fastify';
import fastJsonStringify, { type Options as SerializerOptions } from 'fast-json-stringify';
import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, any>;

/** What fast-json-stringify reads; everything else (examples, descriptions, limits) is dropped. */
const KEPT = new Set(['type', 'properties', 'items', 'additionalProperties', 'nullable', 'format', 'enum']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The document's schema as a serializer schema: references inlined, page envelopes (`allOf` of
 * objects) merged into one object, every node nullable (a null is written as null, as
 * JSON.stringify would), free-form objects kept free-form, and no `required` (a missing field is
 * left out, never a 500). Only `date-time` of the formats is kept: fast-json-stringify writes a
 * Date there exactly like Date#toISOString; `date`/`time` would print local calendar values.
 */
export function serializerSchema(schema: Schema, components: Record<string, Schema>, resolving: string[] = []): Schema {
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    // a DTO that contains itself is written as it comes
    if (resolving.includes(name) || !components[name]) return {};
    const { $ref: _ref, ...rest } = schema;
    return serializerSchema({ ...components[name], ...rest }, components, [...resolving, name]);
  }
  if (schema.allOf) {
    // the inline member first: a page is built as `{ items, ...meta }`, and keys go out in schema order
    const ordered = [...(schema.allOf as Schema[])].sort((a, b) => Number(!!a.$ref) - Number(!!b.$ref));
    const members = ordered.map((member) => serializerSchema(member, components, resolving));
    // anything but an intersection of objects is written as it comes
    if (!members.every((member) => member.type === 'object')) return {};
    const properties = Object.assign({}, ...members.map((member) => member.properties ?? {}));
    const merged: Schema = { type: 'object', properties, nullable: true };
    if (members.some((member) => member.additionalProperties !== undefined)) merged.additionalProperties = true;
    return merged;
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, property]) => [name, serializerSchema(property, components, resolving)]));
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = serializerSchema(value as Schema, components, resolving);
    } else if (key === 'format') {
      if (value === 'date-time') out.format = value;
    } else {
      out[key] = value;
    }
  }
  if (out.type === 'object' && out.additionalProperties === undefined && Object.keys(out.properties ?? {}).length === 0) {
    // a free-form object: every key it has is sent
    out.additionalProperties = true;
  }
  if (out.type) out.nullable = true;
  return out;
}

/** `GET /api/v1/markers/{markerId}` → status → serializer schema, for every JSON 2xx the document describes. */
export function responseSchemas(document: OpenAPIObject): Map<string, Record<number, Schema>> {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const routes = new Map<string, Record<number, Schema>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Schema)[method];
      if (!operation) continue;
      const byStatus: Record<number, Schema> = {};
      for (const [status, response] of Object.entries<Schema>(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (!/^2\d\d$/.test(status) || !schema) continue;
        const serializer = serializerSchema(schema, components);
        // a schema that names no type (an example only) is left to JSON.stringify
        if (serializer.type) byStatus[Number(status)] = serializer;
      }
      if (Object.keys(byStatus).length > 0) routes.set(`${method.toUpperCase()} ${path}`, byStatus);
    }
  }
  return routes;
}

/** Fastify's `/markers/:markerId` as the document writes it, `/markers/{markerId}`. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * fast-json-stringify's projection (`objectMechanism: 'native'`): the response is copied into
 * schema-shaped objects (only the schema's properties, in its order, coerced as the schema says)
 * and written by the native JSON.stringify; the output is the same as its default string builder's.
 * The library turns the projection on by itself only on V8 13.8+ (Node 25), where JSON.stringify got
 * faster still; `forceProjection` (the library's switch for running it on older V8, used by its own
 * tests) turns it on under Node 24 too, because over HTTP the string builder loses: it builds a large
 * body as a rope of tens of thousands of pieces (GET /notes: ~1.7 MB of garbage for a 307 KB body,
 * against ~0.3 MB for JSON.stringify), and under load that garbage costs more garbage collection
 * than the builder saves (docs/performance.md). Redundant, and harmless, from Node 25 on.
 */
const SERIALIZER_OPTIONS = { objectMechanism: 'native', forceProjection: true } as SerializerOptions;

/**
 * Fastify's serializer compiler (fast-json-stringify, as Fastify's own), compiling on a route's
 * first response rather than at start: ~65 serializers cost ~60 ms of start-up and ~1.5 MB of heap,
 * for routes a service may never see (docs/performance.md, "Memory"). Every schema is
 * compiled once in the unit tests (response-schemas.spec.ts), so none fails first in production.
 */
function compileOnFirstUse({ schema }: { schema: Schema }): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= responseSerializer(schema))(data);
}

/** The serializer of one response schema, as routes use it. */
export function responseSerializer(schema: Schema): (data: unknown) => string {
  return fastJsonStringify(schema, SERIALIZER_OPTIONS) as (data: unknown) => string;
}

/**
 * Gives every route that the document describes a response schema per JSON 2xx status, so Fastify
 * serializes it with fast-json-stringify (compiled on first use). Must run before the routes are
 * registered (before `app.init()`). Problem details (4xx/5xx) and pre-serialised strings with a
 * JSON content type keep going out unchanged: Fastify only serializes objects, and only for a
 * status with a schema.
 */
export function serializeResponsesBySchema(fastify: FastifyInstance, document: OpenAPIObject): void {
  let routes: Map<string, Record<number, Schema>> | undefined = responseSchemas(document);
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!routes || route.schema?.response) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = routes.get(`${methods[0]} ${documentPath(route.url)}`);
    if (methods.length === 1 && response) {
      route.schema = { ...route.schema, response };
      route.serializerCompiler = compileOnFirstUse as RouteOptions['serializerCompiler'];
    }
  });
  // the table is only needed while the routes are registered
  fastify.addHook('onReady', (done) => {
    routes = undefined;
    done();
  });
}
