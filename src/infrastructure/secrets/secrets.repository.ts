import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** Stored installation keys (table instance_secrets). */
export class SecretsRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  /**
   * The stored key `name`, generated (256 random bits, base64url) on first use. Race-safe: every
   * instance inserts its own candidate with ON CONFLICT DO NOTHING and then reads the one that won.
   */
  async getOrCreate(name: string): Promise<string> {
    await this.db.query(`INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      randomBytes(32).toString('base64url'),
    ]);
    const [row]: { value: string }[] = await this.db.query(`SELECT value FROM instance_secrets WHERE name = $1`, [name]);
    return row.value;
  }
}
