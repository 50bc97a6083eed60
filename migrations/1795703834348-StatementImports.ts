import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bank statement import (docs/import.md): `transactions.import_ref`, the bank's id of an imported
 * row (or a hash of it), unique per account so that a statement imported twice adds nothing;
 * `statement_imports`, previews kept 24 h in PostgreSQL so that any instance can commit them;
 * `statement_import_mappings`, the CSV columns last used per account. The two tables have no
 * entity: only the import repository reads and writes them.
 */
export class StatementImports1795703834348 implements MigrationInterface {
  name = 'StatementImports1795703834348';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "transactions" ADD "import_ref" character varying(200)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_transactions_import_ref" ON "transactions" ("budget_account_id", "import_ref") WHERE "import_ref" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "statement_imports" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "budget_account_id" uuid NOT NULL, ` +
        `"created_by_id" uuid, "format" character varying(10) NOT NULL, "rows" jsonb NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `CONSTRAINT "pk_statement_imports" PRIMARY KEY ("id"), ` +
        `CONSTRAINT "fk_statement_imports_group" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE, ` +
        `CONSTRAINT "fk_statement_imports_account" FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_statement_imports_expires_at" ON "statement_imports" ("expires_at")`);
    await queryRunner.query(`CREATE INDEX "ix_statement_imports_account" ON "statement_imports" ("budget_account_id")`);
    await queryRunner.query(
      `CREATE TABLE "statement_import_mappings" ("budget_account_id" uuid NOT NULL, "mapping" jsonb NOT NULL, ` +
        `"date_format" character varying(20), "updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "pk_statement_import_mappings" PRIMARY KEY ("budget_account_id"), ` +
        `CONSTRAINT "fk_statement_import_mappings_account" FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE CASCADE)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "statement_import_mappings"`);
    await queryRunner.query(`DROP TABLE "statement_imports"`);
    await queryRunner.query(`DROP INDEX "uq_transactions_import_ref"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP COLUMN "import_ref"`);
  }
}
