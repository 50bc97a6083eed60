import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationRecheckDate1795927352527 implements MigrationInterface {
  name = 'NotificationRecheckDate1795927352527';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_settings" ADD "recheck_date" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP COLUMN "recheck_date"`);
  }
}
