import { generateKeyPairSync } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A person at the test provider: the claims it releases. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  groups?: string[];
}

/** How the provider answers the next token request (a real provider never does; a tampering network might). */
export type Tamper = 'none' | 'bad-signature' | 'foreign-aud' | 'expired' | 'wrong-nonce';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who signs in at the provider's (automatic) login page next */
  signInAs(account: ProviderAccount): void;
  /** the next interaction refuses (access_denied), as a person pressing "Cancel" */
  refuseNext(): void;
  tamper(mode: Tamper): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on a free loopback port, for the tests: one confidential
 * client, PKCE required, the `groups` claim, and a login page that signs in whoever `signInAs`
 * named (no form to fill). `redirectUris` must hold Hearth's callback address; given as a function,
 * it is read at the first request (when Hearth's address is known only after the provider's).
 */
export async function startTestProvider(
  redirectUris: string[] | (() => string[]),
  postLogoutRedirectUris: string[] | (() => string[]) = [],
): Promise<TestProvider> {
  const { default: Provider } = (await import('oidc-provider')) as unknown as { default: new (issuer: string, config: object) => any };
  const jose = await import('jose');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const signingKey = await jose.importJWK(jwk, 'RS256');

  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | undefined;
  let refuse = false;
  let tampering: Tamper = 'none';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'hearth';
  const clientSecret = 'hearth-test-secret-0123456789';

  const build = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: typeof redirectUris === 'function' ? redirectUris() : redirectUris,
          post_logout_redirect_uris: typeof postLogoutRedirectUris === 'function' ? postLogoutRedirectUris() : postLogoutRedirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
      pkce: { required: () => true },
      ttl: { AccessToken: 3600, IdToken: 3600, Grant: 3600, Session: 3600, Interaction: 600 },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      // consent is given with the sign-in: the family's provider already trusts its own services
      loadExistingGrant: async (ctx: any) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope(ctx.oidc.params.scope);
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
    });
    provider.use(async (ctx: any, next: () => Promise<void>) => {
      if (ctx.path.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(ctx.req, ctx.res);
        let result: object;
        if (refuse) {
          refuse = false;
          result = { error: 'access_denied', error_description: 'The person cancelled' };
        } else if (details.prompt.name === 'login' && current) {
          accounts.set(current.sub, current);
          result = { login: { accountId: current.sub } };
        } else {
          result = { error: 'login_required' };
        }
        ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false }));
        return;
      }
      await next();
      if (ctx.path === '/token' && tampering !== 'none' && ctx.body?.id_token) {
        ctx.body = { ...ctx.body, id_token: await tamperWith(ctx.body.id_token, tampering) };
        tampering = 'none';
      }
    });
    return provider;
  };

  async function tamperWith(idToken: string, mode: Tamper): Promise<string> {
    if (mode === 'bad-signature') {
      const [header, payload, signature] = idToken.split('.');
      const flipped = (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
      return `${header}.${payload}.${signature.slice(0, 10)}${flipped}`;
    }
    const claims = jose.decodeJwt(idToken);
    const now = Math.floor(Date.now() / 1000);
    if (mode === 'foreign-aud') claims.aud = 'someone-else';
    if (mode === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    if (mode === 'wrong-nonce') claims.nonce = 'not-the-one';
    return new jose.SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(signingKey);
  }

  let handle: ((req: unknown, res: unknown) => void) | undefined;
  server.on('request', (req, res) => (handle ??= build().callback())(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      current = account;
      accounts.set(account.sub, account);
    },
    refuseNext: () => (refuse = true),
    tamper: (mode) => (tampering = mode),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser for the tests: follows redirects across the provider (over HTTP) and Hearth (through
 * `hearth`, the test app's inject), keeping each site's cookies, until it leaves both.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly hearthOrigin: string,
    private readonly hearth: (
      url: string,
      cookies: Record<string, string>,
    ) => Promise<{ statusCode: number; headers: Record<string, unknown>; cookies: { name: string; value: string }[] }>,
  ) {}

  cookies(origin: string): Record<string, string> {
    return Object.fromEntries(this.jars.get(origin) ?? []);
  }

  private keep(origin: string, name: string, value: string): void {
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    if (value === '') this.jars.get(origin)!.delete(name);
    else this.jars.get(origin)!.set(name, value);
  }

  /** Opens `url` and follows redirects while they stay on Hearth or the provider; answers the last address and status. */
  async open(url: string, stopAt?: (url: URL) => boolean): Promise<{ url: URL; status: number }> {
    let at = new URL(url);
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt?.(at)) return { url: at, status: 0 };
      let status: number;
      let location: string | undefined;
      if (at.origin === this.hearthOrigin) {
        const response = await this.hearth(at.pathname + at.search, this.cookies(at.origin));
        for (const cookie of response.cookies) this.keep(at.origin, cookie.name, cookie.value);
        status = response.statusCode;
        location = response.headers.location as string | undefined;
      } else {
        const cookie = Object.entries(this.cookies(at.origin))
          .map(([name, value]) => `${name}=${value}`)
          .join('; ');
        const response = await fetch(at, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const index = pair.indexOf('=');
          const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
          this.keep(at.origin, pair.slice(0, index).trim(), expired ? '' : pair.slice(index + 1).trim());
        }
        status = response.status;
        location = response.headers.get('location') ?? undefined;
        await response.arrayBuffer();
      }
      if (status < 300 || status >= 400 || !location) return { url: at, status };
      at = new URL(location, at);
      if (at.origin !== this.hearthOrigin && !this.jars.has(at.origin) && !at.href.startsWith('http://127.0.0.1')) return { url: at, status };
    }
    throw new Error('too many redirects');
  }
}
