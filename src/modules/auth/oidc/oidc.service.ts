import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type * as OpenId from 'openid-client';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import type { ErrorCode } from '../../../common/errors/error-codes';
import { runAs } from '../../../common/http/request-context.module';
import { AppConfig, OidcConfig } from '../../../config/app-config';
import { newId } from '../../../database/base.entity';
import { UnitOfWork } from '../../../database/transaction';
import { GroupsRepository } from '../../groups/groups.repository';
import { PasswordService } from '../../users/password.service';
import { UsersRepository } from '../../users/users.repository';
import { AuthService, ClientInfo, SignedIn } from '../auth.service';
import { sha256 } from '../tokens';
import { OidcRepository } from './oidc.repository';

type OpenIdClient = typeof OpenId;

/** How long a sign-in at the provider may take, from the button to the callback. */
const LOGIN_TTL_MS = 10 * 60_000;
const USERNAME_MAX = 50;

/** Where a callback ends: a session, a link made, or the sign-in page with a message code. */
export type CallbackOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn; returnTo: string }
  | { kind: 'linked'; returnTo: string }
  | { kind: 'failed'; code: ErrorCode; returnTo: string | null };

/** A failure of the flow, with the code the sign-in page words. */
class OidcFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The claims Hearth reads, from the ID token and the userinfo endpoint. */
interface Claims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  preferred_username?: unknown;
  name?: unknown;
  [claim: string]: unknown;
}

/** A path of the app (`/notes`, `/account?tab=x`), never another site (`//evil`, `https://…`). */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return '/';
  return value;
}

/** A username from the provider's `preferred_username` (or the email's local part) under the registration rule. */
export function usernameFrom(claims: Claims): string {
  const wanted = typeof claims.preferred_username === 'string' ? claims.preferred_username : typeof claims.email === 'string' ? claims.email.split('@')[0] : '';
  const cleaned = wanted.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USERNAME_MAX - 4);
  return cleaned.length >= 3 ? cleaned : `user${cleaned}`.padEnd(3, '0');
}

/**
 * Sign-in with the family's own identity provider (OpenID Connect, authorization code flow with
 * PKCE, `state` and `nonce`, through openid-client). The callback ends in AuthService#startSession,
 * the same session start as the password sign-in: refresh cookie, sessions list, PermsVersion,
 * revocation stay one path.
 *
 * The sign-in under way is kept on the server (`oidc_logins`): found by the hash of `state`,
 * consumed once, bound to the browser that began it by a cookie, expired after 10 minutes. Every
 * failure ends on the sign-in page with a code, never a 500.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger(OidcService.name);
  private library?: Promise<OpenIdClient>;
  private discovered?: Promise<OpenId.Configuration>;
  private jwks?: OpenId.ExportedJWKSCache;

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly logins: OidcRepository,
    private readonly users: UsersRepository,
    private readonly groups: GroupsRepository,
    private readonly passwords: PasswordService,
    private readonly unitOfWork: UnitOfWork,
    private readonly auth: AuthService,
  ) {}

  get settings(): OidcConfig | null {
    return this.config.oidc;
  }

  private required(): OidcConfig {
    if (!this.config.oidc) throw AppError.notFound('OpenID Connect sign-in');
    return this.config.oidc;
  }

  /** The address the provider sends the browser back to (register it at the provider). */
  redirectUri(): string {
    return `${this.config.publicUrl}/api/v1/session/oidc/callback`;
  }

  /**
   * Begins a sign-in (or, with `linkUserId`, linking the provider to a signed-in account): the
   * provider's authorization address, and the browser's secret for the binding cookie.
   */
  async begin(returnTo: string | undefined, linkUserId: string | null = null): Promise<{ url: string; browserSecret: string }> {
    const settings = this.required();
    const client = await this.client();
    const config = await this.configuration();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserSecret = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.logins.deleteExpiredLogins(now);
    await this.logins.insertLogin({
      stateHash: sha256(state),
      browserHash: sha256(browserSecret),
      nonce,
      codeVerifier,
      returnTo: safeReturnPath(returnTo),
      linkUserId,
      expiresDate: new Date(now.getTime() + LOGIN_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, browserSecret };
  }

  /** The provider's answer: every check of the flow, then a session (or a link); failures as codes. */
  async callback(query: string, browserSecret: string | undefined, client: ClientInfo): Promise<CallbackOutcome> {
    this.required();
    const params = new URLSearchParams(query);
    const state = params.get('state');
    const pending = state ? await this.logins.consumeLogin(sha256(state)) : undefined;
    try {
      if (!pending || !browserSecret || sha256(browserSecret) !== pending.browser_hash) {
        throw new OidcFailure('OIDC_STATE_INVALID', 'unknown, replayed or foreign state');
      }
      if (pending.expires_date.getTime() <= this.clock.now().getTime()) throw new OidcFailure('OIDC_STATE_INVALID', 'the sign-in took too long');
      if (params.has('error')) throw new OidcFailure('OIDC_REFUSED', `the provider answered ${params.get('error')}`);
      const { claims, idToken } = await this.exchange(query, state!, pending.nonce, pending.code_verifier);
      if (pending.link_user_id) {
        await this.linkAccount(pending.link_user_id, claims);
        return { kind: 'linked', returnTo: pending.return_to };
      }
      const userId = await this.accountFor(claims);
      await this.syncRole(userId, claims);
      const user = await this.users.findSignInById(userId);
      if (!user) throw new OidcFailure('OIDC_UNKNOWN_ACCOUNT', 'the linked account is gone');
      const signedIn = await this.auth.startSession(user, client, { rememberMe: true, signedInWith: this.settings!.buttonLabel, idTokenHint: idToken });
      return { kind: 'signed-in', signedIn, returnTo: pending.return_to };
    } catch (error) {
      return { kind: 'failed', code: this.codeOf(error), returnTo: pending?.link_user_id ? pending.return_to : null };
    }
  }

  /** The provider's sign-out address for a session that began there (when the provider has one). */
  async endSessionUrl(idTokenHint: string | null): Promise<string | null> {
    if (!this.config.oidc) return null;
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      const client = await this.client();
      const parameters: Record<string, string> = {
        client_id: this.config.oidc.clientId,
        post_logout_redirect_uri: `${this.config.appUrl}/sign-in?signed-out=1`,
      };
      if (idTokenHint) parameters.id_token_hint = idTokenHint;
      return client.buildEndSessionUrl(config, parameters).href;
    } catch (error) {
      this.logger.warn({ err: error }, 'the identity provider is unreachable: signed out here only');
      return null;
    }
  }

  /** Whether the account is linked to the provider, and since when. */
  async linkOf(userId: string): Promise<{ linked: boolean; linkedDate: Date | null }> {
    this.required();
    const row = await this.logins.findOfUser(userId, await this.issuer());
    return { linked: !!row, linkedDate: row?.created_date ?? null };
  }

  /** Unlinks the provider; needs the account's password (another way in), else 400 INVALID_PASSWORD. */
  async unlink(userId: string, currentPassword: string): Promise<void> {
    this.required();
    const hash = await this.users.findPasswordHash(userId);
    if (!this.config.localLogin) throw AppError.conflict('OIDC_LAST_WAY_IN', 'Password sign-in is turned off here: the provider is the only way in');
    if (!(await this.passwords.verify(currentPassword, hash))) throw AppError.badRequest('INVALID_PASSWORD', 'The password is not right');
    if (!(await this.logins.unlink(userId, await this.issuer()))) throw AppError.notFound('Link to the identity provider');
  }

  private client(): Promise<OpenIdClient> {
    return (this.library ??= import('openid-client'));
  }

  /** The provider's discovered configuration; a failed discovery is tried again at the next sign-in. */
  private configuration(): Promise<OpenId.Configuration> {
    if (!this.discovered) {
      const settings = this.required();
      this.discovered = this.client().then((client) =>
        client.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
          { execute: settings.allowInsecure ? [client.allowInsecureRequests] : [], timeout: 10 },
        ),
      );
      this.discovered.catch(() => (this.discovered = undefined));
    }
    return this.discovered.catch((error: unknown) => {
      throw new OidcFailure('OIDC_UNAVAILABLE', `the identity provider could not be reached: ${String(error)}`);
    });
  }

  private async issuer(): Promise<string> {
    return (await this.configuration()).serverMetadata().issuer;
  }

  /**
   * The code for tokens (PKCE verifier, state), the ID token checked (signature from the provider's
   * JWKS, iss, aud, exp against the Clock, nonce), then the userinfo claims merged in.
   */
  private async exchange(query: string, state: string, nonce: string, codeVerifier: string): Promise<{ claims: Claims; idToken: string | undefined }> {
    const client = await this.client();
    const discovered = await this.configuration();
    const settings = this.settings!;
    // the Clock is "now" for the ID token's times too: openid-client takes it as the local clock's skew
    const skew = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    const config = new client.Configuration(
      discovered.serverMetadata(),
      settings.clientId,
      { client_secret: settings.clientSecret, [client.clockSkew]: skew },
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
    );
    if (settings.allowInsecure) client.allowInsecureRequests(config);
    // the ID token's signature is checked against the provider's JWKS even though it came straight
    // from the token endpoint (openid-client would otherwise rely on TLS alone)
    client.enableNonRepudiationChecks(config);
    if (this.jwks) client.setJwksCache(config, this.jwks);
    let tokens: Awaited<ReturnType<OpenIdClient['authorizationCodeGrant']>>;
    try {
      tokens = await client.authorizationCodeGrant(config, new URL(`${this.redirectUri()}?${query}`), {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcFailure('OIDC_TOKEN_INVALID', `the provider's answer was refused: ${String(error)}`);
    }
    this.jwks = client.getJwksCache(config) ?? this.jwks;
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcFailure('OIDC_TOKEN_INVALID', 'no ID token');
    let claims: Claims = { ...idClaims } as Claims;
    if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...claims, [settings.groupsClaim]: claims[settings.groupsClaim] ?? info[settings.groupsClaim] } as Claims;
      } catch (error) {
        this.logger.warn({ err: error }, 'the provider’s userinfo could not be read; the ID token’s claims are used');
      }
    }
    return { claims, idToken: tokens.id_token };
  }

  /** The account for the provider's subject: linked before, linked now by a verified email, or made now. */
  private async accountFor(claims: Claims): Promise<string> {
    const settings = this.settings!;
    const issuer = await this.issuer();
    const known = await this.logins.findUserId(issuer, claims.sub);
    if (known) return known;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    if (settings.linkVerifiedEmail && email && claims.email_verified === true) {
      const linked = await this.unitOfWork.run(async (manager) => {
        const user = await this.users.lockByConfirmedEmail(manager, email);
        if (!user || user.emailStatus !== 'Confirmed') return null;
        await this.logins.link(user.id, issuer, claims.sub);
        return user.id;
      });
      if (linked) return linked;
    }
    if (!settings.createAccounts) throw new OidcFailure('OIDC_UNKNOWN_ACCOUNT', 'no account is linked to this subject');
    if (!email) throw new OidcFailure('OIDC_EMAIL_REQUIRED', 'the provider gave no email address');
    return this.createAccount(issuer, claims, email);
  }

  /** A new account for the provider's person: Pending for an administrator unless OIDC_AUTO_APPROVE. */
  private async createAccount(issuer: string, claims: Claims, email: string): Promise<string> {
    const settings = this.settings!;
    const groupId = await this.defaultGroupId();
    const nickname = (typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : usernameFrom(claims)).slice(0, 25);
    const id = newId();
    // unusable until the person sets one (forgotten password): the provider is the way in
    const passwordHash = await this.passwords.hash(randomBytes(32).toString('base64url'));
    const base = usernameFrom(claims);
    if (await this.users.isEmailTakenByOther(email, id))
      throw new OidcFailure('EMAIL_TAKEN', 'another account has this address (not verified by the provider)');
    await runAs({ userId: id, nickname }, () =>
      this.unitOfWork.run(async (manager) => {
        let username = base;
        for (let n = 2; await this.users.findByUsername(username, manager); n++) username = `${base.slice(0, USERNAME_MAX - String(n).length)}${n}`;
        await this.users.insert(manager, {
          id,
          username,
          email,
          passwordHash,
          nickname,
          role: 'User',
          status: settings.autoApprove && groupId ? 'Active' : 'Pending',
          // the provider vouches for the address of the account it makes
          emailStatus: 'Confirmed',
          groupId,
        });
        await this.logins.link(id, issuer, claims.sub);
      }),
    );
    return id;
  }

  private async defaultGroupId(): Promise<string | null> {
    const wanted = this.settings!.defaultGroup;
    if (!wanted) return null;
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(wanted)) {
      return (await this.unitOfWork.run((manager) => this.groups.exists(manager, wanted))) ? wanted : null;
    }
    return this.groups.findIdByName(wanted);
  }

  /** OIDC_ADMIN_GROUP: the provider's group decides the role, at every sign-in (a change raises PermsVersion). */
  private async syncRole(userId: string, claims: Claims): Promise<void> {
    const { adminGroup, groupsClaim } = this.settings!;
    if (!adminGroup) return;
    const groups = claims[groupsClaim];
    const member = Array.isArray(groups) ? groups.includes(adminGroup) : groups === adminGroup;
    const role = member ? 'Admin' : 'User';
    const current = await this.users.findById(userId);
    if (!current || current.role === role) return;
    await runAs({ userId, nickname: current.nickname }, () =>
      this.unitOfWork.run(async (manager) => {
        const user = await this.users.lockById(manager, userId);
        if (user.role === role) return;
        user.role = role;
        await this.users.saveWithNewPerms(manager, user);
      }),
    );
  }

  private async linkAccount(userId: string, claims: Claims): Promise<void> {
    const issuer = await this.issuer();
    const owner = await this.logins.findUserId(issuer, claims.sub);
    if (owner && owner !== userId) throw new OidcFailure('OIDC_ALREADY_LINKED', 'this provider account is linked to another account');
    if (owner) return;
    if (await this.logins.findOfUser(userId, issuer)) await this.logins.unlink(userId, issuer);
    await this.logins.link(userId, issuer, claims.sub);
  }

  private codeOf(error: unknown): ErrorCode {
    if (error instanceof OidcFailure) {
      this.logger.log({ code: error.code }, `OpenID Connect sign-in refused: ${error.message}`);
      return error.code;
    }
    if (error instanceof AppError) return error.code as ErrorCode;
    this.logger.error({ err: error }, 'OpenID Connect sign-in failed');
    return 'OIDC_TOKEN_INVALID';
  }
}
