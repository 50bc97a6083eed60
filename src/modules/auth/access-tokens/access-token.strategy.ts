import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-strategy';
import { AuthUser } from '../../../common/auth/auth-user';
import { setRequestUser } from '../../../common/http/request-context.module';
import { AccessTokensService } from './access-tokens.service';

type Verified = (error: unknown, user?: AuthUser | false, info?: unknown) => void;
type Verify = (credential: string, request: BearerRequest, done: Verified) => void;

export interface BearerRequest {
  headers: { authorization?: string };
  ip?: string;
}

/** A passport strategy for `Authorization: Bearer <credential>` handing the credential and the request to `verify`. */
class BearerCredentialStrategy extends Strategy {
  constructor(private readonly verify: Verify) {
    super();
  }

  override authenticate(request: BearerRequest): void {
    const header = request.headers.authorization;
    const match = header ? /^bearer +(\S+)$/i.exec(header) : null;
    if (!match) return this.fail(new Error('No auth token'), 401);
    this.verify(match[1], request, (error, user, info) => {
      if (error) return this.error(error as Error);
      if (!user) return this.fail(info as Error, 401);
      this.success(user);
    });
  }
}

/** What the guard receives: the person, or (from passport's `fail`) why there is none. */
export type AccessTokenCheck = { user: AuthUser; info?: undefined } | { user?: undefined; info: unknown };

/**
 * The passport strategy of access tokens (`Authorization: Bearer hearth_pat_…`), beside the JWT
 * strategy and run by the same guard: `validate` is AccessTokensService#authenticate (the token
 * exists, has not expired, its person is Active and in the token's group; wrong tokens counted per
 * IP). Which routes a token then opens is decided by its scopes, once, in the guard.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(BearerCredentialStrategy, 'access-token') {
  constructor(private readonly tokens: AccessTokensService) {
    super();
  }

  /** Runs `authenticate` for one request, as JwtStrategy#check does. */
  check(request: unknown): Promise<AccessTokenCheck> {
    return new Promise<AccessTokenCheck>((resolve, reject) => {
      const outcome = {
        success: (user: AuthUser) => resolve({ user }),
        fail: (info: unknown) => resolve({ info }),
        error: reject,
      };
      (Object.assign(Object.create(this), outcome) as this).authenticate(request as BearerRequest);
    });
  }

  async validate(credential: string, request: BearerRequest): Promise<AuthUser> {
    const user = await this.tokens.authenticate(credential, request.ip ?? null);
    setRequestUser(user);
    return user;
  }
}
