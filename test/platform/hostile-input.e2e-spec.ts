import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_ENV, register, solveCaptcha } from '../support/account';
import { createTestApp, Response, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

/**
 * The cases once answered 500 (or the framework's own body): each must now be a 4xx in the
 * problem-details shape with a stable code, and the field named where one is at fault.
 */
describe('hostile input: never a 500, always problem details', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ ...ACCOUNT_ENV, JOBS_ENABLED: 'false' });
    member = await signedInUser(t);
    admin = await signedInUser(t, { role: 'Admin' });
    const as = async (method: 'POST', path: string, payload: Record<string, unknown>) => {
      const response = await t.api(method, path, { token: member.accessToken, payload });
      if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json().id as string;
    };
    const account = await as('POST', '/budget-accounts', { name: 'Main' });
    const category = await as('POST', '/categories', { name: 'Food', color: '#112233', icon: 'ShoppingCart' });
    const note = await as('POST', '/notes', { title: 'List' });
    ids = {
      account,
      category,
      note,
      item: await as('POST', `/notes/${note}/items`, { text: 'Milk' }),
      marker: await as('POST', '/markers', { title: 'Gate', latitude: 52.5, longitude: 13.4 }),
      transaction: await as('POST', '/transactions', { type: 'Expense', amount: '1.00', categoryId: category }),
      recurring: await as('POST', '/recurring-transactions', {
        type: 'Expense',
        amount: '1.00',
        categoryId: category,
        frequency: 'Monthly',
        startDate: '2030-01-01',
      }),
      group: member.groupId!,
    };
  });
  afterAll(() => t.close());

  function expectProblem(response: Response, status: number, code: string, field?: string): void {
    expect({ status: response.statusCode, type: String(response.headers['content-type']).split(';')[0] }).toEqual({
      status,
      type: 'application/problem+json',
    });
    const body = response.json();
    expect(body).toMatchObject({ status, code });
    if (field) expect(body.errors?.map((error: { field: string }) => error.field)).toContain(field);
  }

  const NUL = 'a\u0000b';
  type Case = [string, 'POST' | 'PUT' | 'GET', () => string, () => Record<string, unknown> | undefined, string, 'member' | 'admin' | 'anonymous'];
  const nulCases: Case[] = [
    ['marker create', 'POST', () => '/markers', () => ({ title: NUL, latitude: 1, longitude: 1 }), 'title', 'member'],
    ['marker update', 'PUT', () => `/markers/${ids.marker}`, () => ({ title: 'T', latitude: 1, longitude: 1, description: NUL }), 'description', 'member'],
    ['note create', 'POST', () => '/notes', () => ({ title: NUL }), 'title', 'member'],
    ['note update', 'PUT', () => `/notes/${ids.note}`, () => ({ title: 'T', content: NUL }), 'content', 'member'],
    ['note item create', 'POST', () => `/notes/${ids.note}/items`, () => ({ text: NUL }), 'text', 'member'],
    ['note item update', 'PUT', () => `/notes/${ids.note}/items/${ids.item}`, () => ({ text: NUL }), 'text', 'member'],
    ['category create', 'POST', () => '/categories', () => ({ name: NUL, color: '#112233', icon: 'ShoppingCart' }), 'name', 'member'],
    ['category update', 'PUT', () => `/categories/${ids.category}`, () => ({ name: NUL, color: '#112233', icon: 'ShoppingCart' }), 'name', 'member'],
    ['budget account create', 'POST', () => '/budget-accounts', () => ({ name: NUL }), 'name', 'member'],
    ['budget account update', 'PUT', () => `/budget-accounts/${ids.account}`, () => ({ name: NUL }), 'name', 'member'],
    [
      'transaction create',
      'POST',
      () => '/transactions',
      () => ({ type: 'Expense', amount: '1.00', categoryId: ids.category, description: NUL }),
      'description',
      'member',
    ],
    [
      'transaction update',
      'PUT',
      () => `/transactions/${ids.transaction}`,
      () => ({ type: 'Expense', amount: '1.00', categoryId: ids.category, description: NUL }),
      'description',
      'member',
    ],
    [
      'recurring create',
      'POST',
      () => '/recurring-transactions',
      () => ({ type: 'Expense', amount: '1.00', categoryId: ids.category, frequency: 'Monthly', startDate: '2030-01-01', description: NUL }),
      'description',
      'member',
    ],
    [
      'recurring update',
      'PUT',
      () => `/recurring-transactions/${ids.recurring}`,
      () => ({ type: 'Expense', amount: '1.00', categoryId: ids.category, frequency: 'Monthly', startDate: '2030-01-01', description: NUL }),
      'description',
      'member',
    ],
    ['group create', 'POST', () => '/groups', () => ({ name: NUL, currency: 'EUR', modules: ['Map'] }), 'name', 'admin'],
    ['group update', 'PUT', () => `/groups/${ids.group}`, () => ({ name: NUL, currency: 'EUR', modules: ['Map'] }), 'name', 'admin'],
    ['account nickname', 'PUT', () => '/account', () => ({ nickname: NUL }), 'nickname', 'member'],
    ['login username', 'POST', () => '/session', () => ({ username: NUL, password: 'whatever-it-is' }), 'username', 'anonymous'],
    [
      'login device name',
      'POST',
      () => '/session',
      () => ({ username: member.username, password: member.password, deviceName: NUL }),
      'deviceName',
      'anonymous',
    ],
    ['marker search', 'GET', () => '/markers?search=a%00b', () => undefined, 'search', 'member'],
    ['transaction search', 'GET', () => '/transactions?search=a%00b', () => undefined, 'search', 'member'],
    ['user search', 'GET', () => '/users?search=a%00b', () => undefined, 'search', 'admin'],
    ['geocode search', 'GET', () => '/geocode/search?searchTerm=a%00b', () => undefined, 'searchTerm', 'member'],
  ];

  it.each(nulCases)('a NUL character in the %s is 400 VALIDATION_FAILED naming the field', async (_name, method, path, payload, field, who) => {
    const token = who === 'member' ? member.accessToken : who === 'admin' ? admin.accessToken : undefined;
    const response = await t.api(method, path(), { token, payload: payload() });
    expectProblem(response, 400, 'VALIDATION_FAILED', field);
  });

  it('a NUL character in a header the service reads (User-Agent) is 400 naming the header', async () => {
    const response = await t.api('POST', '/session', {
      payload: { username: member.username, password: member.password },
      headers: { 'user-agent': 'evil\u0000agent' },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED', 'user-agent');
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM sessions WHERE user_id = $1', [member.id]);
    expect(count).toBe(1); // only the session of beforeAll
  });

  const LONE = 'abc\ud800@example.test';
  it('a lone surrogate in the email of a registration is 400 naming the field', async () => {
    const { response } = await register(t, { email: LONE });
    expectProblem(response, 400, 'VALIDATION_FAILED', 'email');
  });

  it('a lone surrogate in a new email is 400 naming the field', async () => {
    const response = await t.api('PUT', '/account/email', { token: member.accessToken, payload: { newEmail: LONE, currentPassword: member.password } });
    expectProblem(response, 400, 'VALIDATION_FAILED', 'newEmail');
  });

  it('a lone surrogate in a password-reset request is 400, never 500', async () => {
    const response = await t.api('POST', '/account/password/forgot', { payload: { email: LONE, captcha: await solveCaptcha(t) } });
    expectProblem(response, 400, 'VALIDATION_FAILED', 'email');
  });

  it('a lone low surrogate inside a nested array value is named by its path', async () => {
    const response = await t.api('PATCH', `/notes/${ids.note}/items/order`, { token: member.accessToken, payload: { itemIds: ['\udc00'] } });
    expectProblem(response, 400, 'VALIDATION_FAILED', 'itemIds[0]');
  });

  it('a well-formed surrogate pair (an emoji) is accepted', async () => {
    const response = await t.api('POST', '/notes', { token: member.accessToken, payload: { title: 'Party \ud83c\udf89' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().title).toBe('Party 🎉');
  });

  it.each([
    ['101 characters', 'x'.repeat(101)],
    ['5 000 characters', 'y'.repeat(5000)],
    ['a UUID followed by junk', '0199a6d4-7c1e-7a4f-9d0a-3b1f2c4d5e6f' + 'z'.repeat(100)],
  ])('a path id of %s is 400 INVALID_ID', async (_name, id) => {
    const response = await t.api('GET', `/markers/${id}`, { token: member.accessToken });
    expectProblem(response, 400, 'INVALID_ID', 'markerId');
  });

  it('a JSON body nested 50 000 levels deep is 400 MALFORMED_JSON, and 33 levels already are', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const body = `{"title":"x","latitude":1,"longitude":1,"description":${deep}}`;
    const response = await t.api('POST', '/markers', { token: member.accessToken, payload: body, headers: { 'content-type': 'application/json' } });
    expectProblem(response, 400, 'MALFORMED_JSON');
    const at33 = `{"a":${'['.repeat(32)}${']'.repeat(32)}}`;
    expectProblem(
      await t.api('POST', '/markers', { token: member.accessToken, payload: at33, headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_JSON',
    );
    const at32 = `{"a":${'['.repeat(31)}${']'.repeat(31)}}`;
    expectProblem(
      await t.api('POST', '/markers', { token: member.accessToken, payload: at32, headers: { 'content-type': 'application/json' } }),
      400,
      'VALIDATION_FAILED',
      'a',
    );
  });

  it.each([
    ['PUT /markers/{id} rating: null', () => `/markers/${ids.marker}`, { title: 'T', latitude: 1, longitude: 1, rating: null }, 'rating'],
    ['PUT /markers/{id} date: null', () => `/markers/${ids.marker}`, { title: 'T', latitude: 1, longitude: 1, date: null }, 'date'],
    ['PUT /budget-accounts/{id} isDisabled: null', () => `/budget-accounts/${ids.account}`, { name: 'Main', isDisabled: null }, 'isDisabled'],
  ])('an explicit null where clearing means nothing is 400: %s', async (_name, path, payload, field) => {
    const response = await t.api('PUT', path(), { token: member.accessToken, payload });
    expectProblem(response, 400, 'VALIDATION_FAILED', field);
  });

  it('an explicit null where the document says nullable clears the field', async () => {
    const response = await t.api('PUT', `/markers/${ids.marker}`, {
      token: member.accessToken,
      payload: { title: 'T', latitude: 1, longitude: 1, address: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().address).toBeNull();
  });

  describe("the framework's own errors", () => {
    it('malformed JSON is 400 MALFORMED_JSON', async () => {
      const response = await t.api('POST', '/markers', { token: member.accessToken, payload: '{"title": ', headers: { 'content-type': 'application/json' } });
      expectProblem(response, 400, 'MALFORMED_JSON');
    });

    it('a prototype-poisoning body is 400 MALFORMED_JSON', async () => {
      const response = await t.api('POST', '/notes', {
        token: member.accessToken,
        payload: '{"title":"x","__proto__":{"admin":true}}',
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(response, 400, 'MALFORMED_JSON');
    });

    it('a wrong content type is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const response = await t.api('POST', '/notes', {
        token: member.accessToken,
        payload: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('an image body is taken only by the local storage upload route: elsewhere 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const response = await t.api('POST', '/notes', {
        token: member.accessToken,
        payload: Buffer.from([0xff, 0xd8, 0xff]),
        headers: { 'content-type': 'image/jpeg' },
      });
      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('a body over the limit is 413 PAYLOAD_TOO_LARGE', async () => {
      const response = await t.api('POST', '/notes', {
        token: member.accessToken,
        payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('an unknown route is 404 ROUTE_NOT_FOUND', async () => {
      expectProblem(await t.api('GET', '/nowhere', { token: member.accessToken }), 404, 'ROUTE_NOT_FOUND');
    });

    it('an unsupported method is 404 ROUTE_NOT_FOUND or 405, in problem details', async () => {
      const response = await t.inject({ method: 'PROPFIND' as 'GET', url: '/api/v1/markers' });
      expect([404, 405]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().code).toMatch(/^(ROUTE_NOT_FOUND|METHOD_NOT_ALLOWED)$/);
    });

    it('a malformed percent-encoding in the path is 400 MALFORMED_URL', async () => {
      const response = await t.inject({ url: '/api/v1/markers/%E0%A4%A', headers: { authorization: `Bearer ${member.accessToken}` } });
      expectProblem(response, 400, 'MALFORMED_URL');
      expect(response.headers['x-request-id']).toBeTruthy();
    });

    it('a path parameter far over any limit is still answered in problem details', async () => {
      const response = await t.api('GET', `/notes/${'n'.repeat(9000)}`, { token: member.accessToken });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().code).toMatch(/^[A-Z_]+$/);
    });
  });

  describe('over a real socket: what the HTTP parser itself refuses', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    /** Sends raw bytes and returns the raw answer (the server closes the connection after an error). */
    const raw = (request: string) =>
      new Promise<{ status: number; contentType: string; body: any }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head, body] = text.split('\r\n\r\n');
          const status = Number(head.split(' ')[1]);
          const contentType = /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '';
          try {
            resolve({ status, contentType, body: JSON.parse(body) });
          } catch (error) {
            reject(new Error(`not JSON: ${text.slice(0, 300)} (${String(error)})`));
          }
        });
      });

    it.each([
      ['an unknown method', 'FOO /api/v1/markers HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'MALFORMED_REQUEST'],
      ['a NUL in a header', 'GET /api/v1/markers HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n', 400, 'MALFORMED_REQUEST'],
      ['a path id of 20 000 characters', `GET /api/v1/markers/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
    ])('%s is answered in problem details', async (_name, request, status, code) => {
      const answer = await raw(request);
      expect(answer).toEqual({ status, contentType: 'application/problem+json', body: expect.objectContaining({ status, code }) });
    });

    it('a path id of 10 000 characters over HTTP is 400 INVALID_ID', async () => {
      const answer = await raw(
        `GET /api/v1/markers/${'x'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${member.accessToken}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer).toMatchObject({ status: 400, contentType: expect.stringMatching(/^application\/problem\+json/), body: { code: 'INVALID_ID' } });
    });
  });

  it('nothing of the refused writes reached the database', async () => {
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM markers WHERE title <> 'Gate' AND title <> 'T'`);
    expect(count).toBe(0);
  });
});
