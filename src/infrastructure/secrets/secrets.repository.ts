import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { SECRET_INSERT, SECRET_VALUE } from './secrets.sql';

/** Stored installation keys (table instance_secrets), read at start-up on its data source (secrets.sql.ts). */
export class SecretsRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  /**
   * The stored key `name`, generated on first use (by `generate`; default 256 random bits, base64url). Race-safe: every
   * instance inserts its own candidate with ON CONFLICT DO NOTHING and then reads the one that won.
   */
  async getOrCreate(name: string, generate: () => string = () => randomBytes(32).toString('base64url')): Promise<string> {
    await this.db.query(SECRET_INSERT.text, [name, generate()]);
    const [row]: { value: string }[] = await this.db.query(SECRET_VALUE.text, [name]);
    return row.value;
  }
}
