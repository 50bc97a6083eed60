import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserLocaleChosen1795927237007 implements MigrationInterface {
  name = 'UserLocaleChosen1795927237007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "locale_chosen" boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "locale_chosen"`);
  }
}
