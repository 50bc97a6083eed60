import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A group keeps at most its 20 latest statement previews (docs/import.md, Limits): each new
 * preview deletes the group's older ones beyond that, found through this index.
 */
export class StatementPreviewsPerGroup1795720000000 implements MigrationInterface {
  name = 'StatementPreviewsPerGroup1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_statement_imports_group" ON "statement_imports" ("group_id", "expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_statement_imports_group"`);
  }
}
