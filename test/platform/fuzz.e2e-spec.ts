import * as bcrypt from 'bcrypt';
import fc from 'fast-check';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, DEFAULT_PASSWORD, login, signedInUser, TestUser } from '../support/factories';
import { openApiDocument, Operation, operations } from '../support/openapi';

/**
 * Property-based fuzzing of every operation in openapi.json, as a member, an admin and anonymous:
 * generated requests, valid and deliberately broken (wrong types, missing and extra fields, huge and
 * hostile strings, NUL, lone surrogates, deep nesting, nulls, bad dates and numbers, long and odd
 * path ids). Never a 5xx; every 4xx is problem details with `status` and `code`; every 2xx body
 * validates against the documented schema (checked by the test app itself, see support/app.ts).
 *
 * Seed: fixed (so CI and every run are reproducible) unless FUZZ_SEED is set, to a number or to
 * `random` for new ground; the seed is printed with any failure. FUZZ_RUNS sets the runs per operation.
 *
 * Excluded, each for a reason: the two health routes (no input; covered by health tests).
 * Routes that end the fuzzer's own session (DELETE /session, /sessions) are fuzzed like the others:
 * every case logs in afresh, so a revoked session costs nothing.
 */
// GET /events answers a stream that stays open, which an injected request would wait on forever;
// its refusals (no token, a bad Last-Event-ID) are covered by test/live/events.e2e-spec.ts
const EXCLUDED = new Set(['GET /health/live', 'GET /health/ready', 'GET /api/v1/events']);
const RESET_HASH = bcrypt.hashSync(DEFAULT_PASSWORD, 4);
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Json = unknown;
const components = openApiDocument.components.schemas;

/** Resolves $ref and merges allOf into one schema. */
function deref(schema: any): any {
  if (!schema) return {};
  if (schema.$ref) return deref(components[schema.$ref.split('/').pop()]);
  if (schema.allOf) {
    const parts = schema.allOf.map(deref);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part: any) => part.properties ?? {})),
      required: parts.flatMap((part: any) => part.required ?? []),
    };
  }
  return schema;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  '🎉',
  'x'.repeat(10_000),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u202e\u200b',
  '1e309',
  'NaN',
  '-1',
  '2025-02-30',
  '99999-12-31',
  '2025-13-01T25:61:00Z',
  '0199a6d4-7c1e-7a4f-9d0a-3b1f2c4d5e6f',
  '00000000-0000-0000-0000-000000000000',
];
const deep = (levels: number): Json => (levels === 0 ? 'x' : [deep(levels - 1)]);

/** Anything at all, for a field that may receive the wrong thing. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, 1e20, -1e20, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], { a: 1 }, deep(40), deep(20)),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

interface Pools {
  /** ids of live rows by parameter or field name (`any` for the rest) */
  ids: Record<string, string[]>;
  /** known good strings by field name (usernames that exist, for instance) */
  strings: Record<string, string[]>;
}

function validString(schema: any, name: string, pools: Pools): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (pools.strings[name]) return fc.constantFrom(...pools.strings[name]);
  if (typeof schema.default === 'string') return fc.oneof(fc.constant(schema.default), fc.string({ maxLength: 20 }));
  if (schema.format === 'uuid' || /Id$/.test(name)) {
    return fc.oneof({ arbitrary: fc.constantFrom(...(pools.ids[name] ?? pools.ids.any)), weight: 6 }, { arbitrary: fc.uuid(), weight: 1 });
  }
  if (schema.format === 'date')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2040-12-31') }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'password') return fc.constant('Correct-Horse-42');
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      /* a pattern fast-check cannot build from: fall through */
    }
  }
  if (schema.example !== undefined && typeof schema.example === 'string') {
    return fc.oneof(fc.constant(schema.example), fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }));
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

/** A value that fits `schema` (mostly), with a hostile value swapped in now and then. */
function valueOf(raw: any, name: string, pools: Pools, depth = 0): fc.Arbitrary<Json> {
  const schema = deref(raw);
  let valid: fc.Arbitrary<Json>;
  if (schema.enum) valid = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') valid = validString(schema, name, pools);
  else if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? -1000;
    const max = schema.maximum ?? 100_000;
    valid =
      schema.type === 'integer' || Number.isInteger(min) ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  } else if (schema.type === 'boolean') valid = fc.boolean();
  else if (schema.type === 'array') {
    valid = depth > 3 ? fc.constant([]) : fc.array(valueOf(schema.items ?? {}, name.replace(/s$/, ''), pools, depth + 1), { maxLength: 4 });
  } else if (schema.type === 'object' || schema.properties) valid = depth > 3 ? fc.constant({}) : objectOf(schema, pools, depth + 1);
  else valid = fc.jsonValue({ maxDepth: 2 });
  if (schema.nullable) valid = fc.oneof(valid, fc.constant(null));
  return fc.oneof({ arbitrary: valid, weight: 15 }, { arbitrary: hostileValue, weight: 1 });
}

/** The value one time in ten, null otherwise. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary, weight: 1 });

/** An object of the schema's properties: required ones usually present, optional ones sometimes, an extra field now and then. */
function objectOf(schema: any, pools: Pools, depth = 0): fc.Arbitrary<Record<string, Json>> {
  const properties = Object.entries<any>(schema.properties ?? {});
  const required = new Set<string>(schema.required ?? []);
  const fields = properties.map(([key, property]) => fc.tuple(fc.constant(key), valueOf(property, key, pools, depth), fc.integer({ min: 0, max: 19 })));
  return fc
    .tuple(fc.tuple(...fields), rarely(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'groupId', 'x\u0000'), hostileValue)))
    .map(([entries, extra]) => {
      const out: Record<string, Json> = {};
      for (const [key, value, dice] of entries as [string, Json, number][]) {
        const present = required.has(key) ? dice !== 0 : dice < 10;
        if (present) out[key] = value;
      }
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return out;
    });
}

/** encodeURIComponent that also sends a lone surrogate (as the invalid UTF-8 bytes a sloppy client would). */
function encode(value: string): string {
  return value
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\u0001')
    .split('\u0001')
    .map(encodeURIComponent)
    .join('%ED%A0%80');
}

const ODD_IDS = [
  'x'.repeat(101),
  'y'.repeat(3000),
  '..',
  '%00',
  '%ud800',
  'NaN',
  '-1',
  '1e3',
  '%F0%9F%8E%89',
  '0199a6d4-7c1e-7a4f-9d0a-3b1f2c4d5e6fz',
  '%2e%2e%2f',
  '{id}',
  ' ',
];

function pathParam(name: string, pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(pools.ids[name] ?? pools.ids.any)), weight: 12 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: fc.constantFrom(...ODD_IDS), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }).map(encode), weight: 1 },
  );
}

function queryString(op: Operation, pools: Pools): fc.Arbitrary<string> {
  const params = (op.operation.parameters ?? []).filter((p: any) => p.in === 'query');
  const pairs = params.map((p: any) =>
    fc.option(
      fc
        .oneof(
          { arbitrary: valueOf(p.schema, p.name, pools).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))), weight: 10 },
          { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 1 },
          {
            arbitrary: fc.tuple(valueOf(p.schema, p.name, pools), fc.constantFrom(...POISONS)).map(([value, poison]) => `${String(value)}${poison}`),
            weight: 2,
          },
        )
        .map((value) => `${encode(p.name)}=${encode(value)}`),
      { freq: 2 },
    ),
  );
  const extra = rarely(fc.constantFrom('unknown=1', 'page=1&page=2', 'pageSize=0', 'pageSize=1000', 'sort=password', 'a%00=b', 'search[a]=b'));
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const parts = [...(chosen as (string | null)[]), more].filter((part): part is string => !!part);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const POISONS = ['\u0000', 'a\u0000', '\ud800', '\udc00x'];
const MUTATIONS = ['poison', 'poison', 'replace', 'null', 'delete', 'deep'] as const;

/** A mostly valid body with exactly one field attacked: poisoned (NUL, lone surrogate), replaced, nulled, removed or nested deep. */
function mutated(body: fc.Arbitrary<Record<string, Json>>): fc.Arbitrary<Record<string, Json>> {
  return fc.tuple(body, fc.nat(), fc.constantFrom(...MUTATIONS), hostileValue, fc.constantFrom(...POISONS)).map(([valid, pick, kind, value, poison]) => {
    const keys = Object.keys(valid);
    if (keys.length === 0) return { [poison]: value };
    const key = keys[pick % keys.length];
    const out: Record<string, Json> = { ...valid };
    const current = out[key];
    if (kind === 'poison') {
      out[key] = typeof current === 'string' ? current + poison : Array.isArray(current) ? [...current.slice(1), `x${poison}`] : poison;
    } else if (kind === 'replace') out[key] = value;
    else if (kind === 'null') out[key] = null;
    else if (kind === 'delete') delete out[key];
    else out[key] = deep(40);
    return out;
  });
}

function bodyOf(op: Operation, pools: Pools): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const schema = op.operation.requestBody?.content?.['application/json']?.schema;
  const objectBody = schema ? objectOf(deref(schema), pools) : fc.constant({});
  const asJson = (value: Json) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  return fc.oneof(
    { arbitrary: objectBody.map(asJson), weight: 5 },
    { arbitrary: mutated(objectBody).map(asJson), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        { payload: '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}', contentType: 'application/json' },
        { payload: '{"title": ', contentType: 'application/json' },
        { payload: 'null', contentType: 'application/json' },
        { payload: '[]', contentType: 'application/json' },
        { payload: '"text"', contentType: 'application/json' },
        { payload: '{"__proto__":{"x":1}}', contentType: 'application/json' },
        { payload: 'title=x', contentType: 'application/x-www-form-urlencoded' },
        { payload: 'plain', contentType: 'text/plain' },
        { payload: undefined, contentType: undefined },
      ),
      weight: 2,
    },
  );
}

/** Statuses seen per operation, to prove the fuzzer gets past validation, not only into it. */
const seen = new Map<string, number[]>();

describe('fuzz: every operation of openapi.json, never a 5xx', () => {
  let t: TestApp;
  const pools: Pools = { ids: {}, strings: {} };
  const actors = {} as Record<'member' | 'admin', TestUser>;

  beforeAll(async () => {
    t = await createTestApp({ MAX_IMAGE_BYTES: '1048576' });
  }, 60_000);

  /** Logs the actor in; when an earlier case changed its password or status, puts them back first. */
  async function tokenOf(actor: 'member' | 'admin'): Promise<string> {
    const user = actors[actor];
    try {
      return (await login(t, user)).accessToken;
    } catch {
      await t.db.query(`UPDATE users SET password_hash = $2, status = 'Active' WHERE id = $1`, [user.id, RESET_HASH]);
      return (await login(t, user)).accessToken;
    }
  }

  /** Fresh accounts and rows for each operation, so what one operation deleted or disabled does not starve the next. */
  async function seedFixtures(): Promise<void> {
    const member = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'Admin' });
    actors.member = member;
    actors.admin = admin;
    const post = async (path: string, payload: Record<string, unknown>) => {
      const response = await t.api('POST', path, { token: member.accessToken, payload });
      if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json().id as string;
    };
    const category = await post('/categories', { name: 'Food', color: '#112233', icon: 'ShoppingCart' });
    const account = await post('/budget-accounts', { name: 'Main' });
    const note = await post('/notes', { title: 'List' });
    const item = await post(`/notes/${note}/items`, { text: 'Milk' });
    const marker = await post('/markers', { title: 'Gate', latitude: 52.5, longitude: 13.4 });
    const transaction = await post('/transactions', { type: 'Expense', amount: '1.00', categoryId: category });
    const recurring = await post('/recurring-transactions', {
      type: 'Expense',
      amount: '1.00',
      categoryId: category,
      frequency: 'Monthly',
      startDate: '2030-01-01',
    });
    // the admin's targets are a bystander and a spare group, so the fuzzer's own accounts stay usable
    const bystanderGroup = await createGroup(t);
    const bystander = await createUser(t, { groupId: bystanderGroup.id });
    const [session] = await t.db.query('SELECT id FROM sessions WHERE user_id = $1 LIMIT 1', [member.id]);
    pools.ids = {
      categoryId: [category],
      categoryIds: [category],
      budgetAccountId: [account],
      targetBudgetAccountId: [account],
      noteId: [note],
      noteItemId: [item],
      itemIds: [item],
      markerId: [marker],
      transactionId: [transaction],
      recurringTransactionId: [recurring],
      groupId: [bystanderGroup.id],
      userId: [bystander.id],
      entityId: [marker, note],
      tokenId: [session.id],
      fileId: [marker],
      imageId: [marker],
      any: [marker, note, category],
    };
    pools.strings = { username: [member.username, admin.username], email: [member.email], newEmail: ['new@example.test'] };
  }
  afterAll(() => t.close());

  const cases = operations().filter((op) => !EXCLUDED.has(`${op.method} ${op.path}`));

  it('covers every operation of the document but the excluded ones', () => {
    expect(cases.length).toBe(operations().length - EXCLUDED.size);
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases.map((op, index) => [`${op.method} ${op.path}`, op, index] as const))('%s', async (_name, op, index) => {
    await seedFixtures();
    const pathParams = (op.operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name as string);
    const request = fc.record({
      actor: fc.constantFrom<'member' | 'admin' | 'anonymous'>('member', 'member', 'admin', 'anonymous'),
      params: fc.tuple(...pathParams.map((name: string) => pathParam(name, pools))),
      query: queryString(op, pools),
      body: op.method === 'GET' || op.method === 'DELETE' ? fc.constant({ payload: undefined, contentType: undefined }) : bodyOf(op, pools),
    });
    const seed = SEED + index;
    try {
      await fc.assert(
        fc.asyncProperty(request, async ({ actor, params, query, body }) => {
          let path = op.path;
          (pathParams as string[]).forEach((name, i) => (path = path.replace(`{${name}}`, params[i] as string)));
          const token = actor === 'anonymous' ? undefined : await tokenOf(actor);
          const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
          const response = await t.inject({ method: op.method as any, url: path + query, token, headers, payload: body.payload });
          seen.set(`${op.method} ${op.path}`, [...(seen.get(`${op.method} ${op.path}`) ?? []), response.statusCode]);
          const where = `${op.method} ${path + query} as ${actor} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) throw new Error(`5xx: ${where}`);
          if (response.statusCode >= 400) {
            if (!String(response.headers['content-type']).startsWith('application/problem+json')) throw new Error(`not problem+json: ${where}`);
            const problem = response.json();
            if (problem.status !== response.statusCode || !/^[A-Z][A-Z0-9_]*$/.test(problem.code)) throw new Error(`bad problem: ${where}`);
          }
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
    } catch (error) {
      (error as Error).message = `fuzz seed ${seed} (rerun: FUZZ_SEED=${SEED} npm test -- test/platform/fuzz)\n${(error as Error).message}`;
      throw error;
    }
  });

  it('got past validation to a 2xx on most operations (the fuzzing reaches the code behind it)', () => {
    const reached = [...seen.entries()].filter(([, statuses]) => statuses.some((status) => status < 300));
    expect(reached.length / seen.size).toBeGreaterThan(0.5);
  });
});
