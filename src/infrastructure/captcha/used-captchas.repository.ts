import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The SQL of `used_captchas`: redeemed ALTCHA signatures, kept until their challenge expires. */
@Injectable()
export class UsedCaptchasRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the signature as used; false when it already was (a replay). */
  async insertIfNew(signature: string | undefined, expires: Date): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO used_captchas (signature, expires_date) VALUES ($1, $2)
       ON CONFLICT (signature) DO NOTHING RETURNING signature`,
      [signature, expires],
    );
    return inserted.length === 1;
  }

  async deleteExpired(now: Date): Promise<number> {
    const [, count] = await this.dataSource.query('DELETE FROM used_captchas WHERE expires_date < $1', [now]);
    return count;
  }
}
