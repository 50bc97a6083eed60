import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserLocale1795774672596 implements MigrationInterface {
  name = 'UserLocale1795774672596';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "locale" character varying(10)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "locale"`);
  }
}
