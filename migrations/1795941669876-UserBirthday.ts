import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserBirthday1795941669876 implements MigrationInterface {
  name = 'UserBirthday1795941669876';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "birthday" character varying(10)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "birthday"`);
  }
}
