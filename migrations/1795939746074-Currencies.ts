import { MigrationInterface, QueryRunner } from 'typeorm';

export class Currencies1795939746074 implements MigrationInterface {
  name = 'Currencies1795939746074';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "exchange_rates" ("currency" character varying(3) NOT NULL, "date" date NOT NULL, ` +
        `"per_euro" numeric(20,8) NOT NULL, CONSTRAINT "PK_39854dc8dbf3aaf5a56a10a2862" PRIMARY KEY ("currency", "date"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "budget_manual_rates" ("group_id" uuid NOT NULL, "currency" character varying(3) NOT NULL, "date" date NOT NULL, ` +
        `"rate" numeric(20,8) NOT NULL, "set_by_id" uuid, "set_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_d60036bbe333b9929a84f67ffd2" PRIMARY KEY ("group_id", "currency", "date"))`,
    );
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "original" jsonb`);
    await queryRunner.query(`ALTER TABLE "settlements" ADD "original" jsonb`);
    await queryRunner.query(`ALTER TABLE "transactions" ADD "original" jsonb`);
    // GET /search finds an amount as paid in another currency (transactions.sql.ts, TRANSACTIONS_SEARCH_SQL)
    await queryRunner.query(
      `CREATE INDEX "ix_transactions_group_original_amount" ON "transactions" ("group_id", (("original"->>'amount')::numeric)) WHERE "original" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "budget_manual_rates" ADD CONSTRAINT "FK_11599e1c82ec72b84f049a9c86f" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "budget_manual_rates" DROP CONSTRAINT "FK_11599e1c82ec72b84f049a9c86f"`);
    await queryRunner.query(`DROP INDEX "ix_transactions_group_original_amount"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP COLUMN "original"`);
    await queryRunner.query(`ALTER TABLE "settlements" DROP COLUMN "original"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "original"`);
    await queryRunner.query(`DROP TABLE "budget_manual_rates"`);
    await queryRunner.query(`DROP TABLE "exchange_rates"`);
  }
}
