import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { USED_CAPTCHA_INSERT, USED_CAPTCHAS_DELETE_EXPIRED } from './used-captchas.sql';

/** The SQL of `used_captchas` (used-captchas.sql.ts): redeemed ALTCHA signatures, kept until their challenge expires. */
@Injectable()
export class UsedCaptchasRepository {
  constructor(private readonly sql: Sql) {}

  /** Records the signature as used; false when it already was (a replay). */
  async insertIfNew(signature: string | undefined, expires: Date): Promise<boolean> {
    const inserted = await this.sql.rows(USED_CAPTCHA_INSERT, [signature, expires]);
    return inserted.length === 1;
  }

  async deleteExpired(now: Date): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(USED_CAPTCHAS_DELETE_EXPIRED, [now]);
    return n;
  }
}
