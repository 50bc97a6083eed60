import type { AccessTokenScope } from './token-scopes';

export const ROLES = ['User', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

export const MODULES = ['Map', 'Budget', 'Notes', 'Calendar'] as const;
export type ModuleName = (typeof MODULES)[number];

/** Access-token claims, exactly as the specification names them, plus the session and registered claims. */
export interface AccessClaims {
  UserId: string;
  Nickname: string;
  GroupId: string;
  Role: Role;
  Currency: string;
  Modules: ModuleName[];
  PermsVersion: number;
  SessionId: string;
  iss?: string;
  aud?: string | string[];
  iat?: number;
  exp?: number;
  jti?: string;
}

/** The authenticated caller, as controllers and services see it. */
export interface AuthUser {
  userId: string;
  nickname: string;
  groupId: string;
  role: Role;
  currency: string;
  modules: ModuleName[];
  permsVersion: number;
  /** the session of a sign-in; for a request with an access token, the token's id */
  sessionId: string;
  /** set when the request came with an access token (`hearth_pat_…`) rather than a session's JWT */
  accessToken?: { id: string; scopes: readonly AccessTokenScope[] };
}

export function toAuthUser(claims: AccessClaims): AuthUser {
  return {
    userId: claims.UserId,
    nickname: claims.Nickname,
    groupId: claims.GroupId,
    role: claims.Role,
    currency: claims.Currency,
    modules: claims.Modules,
    permsVersion: claims.PermsVersion,
    sessionId: claims.SessionId,
  };
}
