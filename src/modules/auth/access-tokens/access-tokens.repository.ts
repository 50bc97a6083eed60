import { Injectable } from '@nestjs/common';
import { Sql } from '../../../database/sql';
import {
  ACCESS_TOKEN_CHECK,
  ACCESS_TOKEN_DELETE,
  ACCESS_TOKEN_INSERT,
  ACCESS_TOKEN_TOUCH,
  ACCESS_TOKENS_DELETE_OF_USER,
  ACCESS_TOKENS_OF_USER,
  ACCESS_TOKENS_USER_EXISTS,
} from './access-tokens.sql';
import type { AccessTokenScope } from '../../../common/auth/token-scopes';

/** What a request with a token reads: the token, its person and the group's claims. */
export interface AccessTokenCheckRow {
  id: string;
  scopes: AccessTokenScope[];
  expires_date: Date | null;
  last_used_date: Date | null;
  token_hash: string;
  token_group_id: string;
  user_id: string;
  username: string;
  nickname: string;
  role: 'User' | 'Admin';
  status: string;
  group_id: string | null;
  perms_version: number;
  currency: string | null;
  modules: string[] | null;
}

export interface AccessTokenRow {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  created_date: Date;
  expires_date: Date | null;
  last_used_date: Date | null;
}

export interface NewAccessToken {
  id: string;
  userId: string;
  groupId: string;
  name: string;
  scopes: AccessTokenScope[];
  tokenHash: string;
  createdDate: Date;
  expiresDate: Date | null;
}

/** The SQL of the `access_tokens` table (access-tokens.sql.ts). */
@Injectable()
export class AccessTokensRepository {
  constructor(private readonly sql: Sql) {}

  async findCheck(tokenHash: string): Promise<AccessTokenCheckRow | undefined> {
    const [row] = await this.sql.rows<AccessTokenCheckRow>(ACCESS_TOKEN_CHECK, [tokenHash]);
    return row;
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.sql.rows(ACCESS_TOKEN_TOUCH, [id, now]);
  }

  async insert(token: NewAccessToken): Promise<AccessTokenRow> {
    const [row] = await this.sql.rows<AccessTokenRow>(ACCESS_TOKEN_INSERT, [
      token.id,
      token.userId,
      token.groupId,
      token.name,
      token.scopes,
      token.tokenHash,
      token.createdDate,
      token.expiresDate,
    ]);
    return row;
  }

  findOfUser(userId: string): Promise<AccessTokenRow[]> {
    return this.sql.rows<AccessTokenRow>(ACCESS_TOKENS_OF_USER, [userId]);
  }

  async deleteOne(userId: string, id: string): Promise<boolean> {
    return (await this.sql.rows(ACCESS_TOKEN_DELETE, [id, userId])).length > 0;
  }

  async deleteAllOfUser(userId: string): Promise<number> {
    const [row] = await this.sql.rows<{ n: number }>(ACCESS_TOKENS_DELETE_OF_USER, [userId]);
    return row.n;
  }

  async userExists(userId: string): Promise<boolean> {
    return (await this.sql.rows(ACCESS_TOKENS_USER_EXISTS, [userId])).length > 0;
  }
}
