import { MigrationInterface, QueryRunner } from 'typeorm';

export class BudgetAccountShared1795930182701 implements MigrationInterface {
  name = 'BudgetAccountShared1795930182701';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "budget_accounts" ADD "shared" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "budget_accounts" DROP COLUMN "shared"`);
  }
}
