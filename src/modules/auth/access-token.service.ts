import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { AccessClaims, ModuleName, Role } from '../../common/auth/auth-user';
import { AppConfig } from '../../config/app-config';

export interface ClaimsSource {
  user: { id: string; nickname: string; role: Role; permsVersion: number; groupId: string };
  group: { currency: string; modules: ModuleName[] };
  sessionId: string;
}

export interface IssuedAccessToken {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

/** Signs access tokens with exactly the specification's claims, plus SessionId and the registered claims. */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
  ) {}

  issue({ user, group, sessionId }: ClaimsSource): IssuedAccessToken {
    const claims: AccessClaims = {
      UserId: user.id,
      Nickname: user.nickname,
      GroupId: user.groupId,
      Role: user.role,
      Currency: group.currency,
      Modules: [...group.modules],
      PermsVersion: user.permsVersion,
      SessionId: sessionId,
    };
    const accessToken = this.jwt.sign(claims, {
      algorithm: this.config.jwt.algorithm,
      secret: this.config.jwt.signKey as never,
      expiresIn: this.config.jwt.accessTtlSeconds,
      issuer: this.config.jwt.issuer,
      audience: this.config.jwt.audience,
      jwtid: randomUUID(),
    });
    return { accessToken, tokenType: 'Bearer', expiresIn: this.config.jwt.accessTtlSeconds };
  }
}
