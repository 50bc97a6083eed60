import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScheduleFailures1795926959501 implements MigrationInterface {
  name = 'ScheduleFailures1795926959501';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_schedule" ADD "failures" smallint NOT NULL DEFAULT '0'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_schedule" DROP COLUMN "failures"`);
  }
}
