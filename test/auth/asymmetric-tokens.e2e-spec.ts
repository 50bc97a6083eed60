import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createTestApp, TestApp } from '../support/app';
import { createUser, login } from '../support/factories';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each([
  ['RS256', () => generateKeyPairSync('rsa', { modulusLength: 2048 })],
  ['ES256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' })],
] as const)('access tokens signed with %s', (algorithm, keys) => {
  let t: TestApp;
  let publicPem: string;
  beforeAll(async () => {
    const { privateKey, publicKey } = keys();
    publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    t = await createTestApp({
      JWT_ALGORITHM: algorithm,
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      JWT_PUBLIC_KEY: publicPem,
    });
  });
  afterAll(() => t.close());

  it('issues and accepts tokens with the configured algorithm', async () => {
    const session = await login(t, await createUser(t));
    const header = JSON.parse(Buffer.from(session.accessToken.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe(algorithm);
    expect((await t.api('GET', '/sessions', { token: session.accessToken })).statusCode).toBe(200);
    const refreshed = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses an HS256 token made with the public key as the secret (algorithm confusion)', async () => {
    const { claims } = await login(t, await createUser(t));
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    const forged = `${unsigned}.${createHmac('sha256', publicPem).update(unsigned).digest('base64url')}`;
    const response = await t.api('GET', '/sessions', { token: forged });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });
});
