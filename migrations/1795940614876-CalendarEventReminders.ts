import { MigrationInterface, QueryRunner } from 'typeorm';

export class CalendarEventReminders1795940614876 implements MigrationInterface {
  name = 'CalendarEventReminders1795940614876';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_events" ADD "reminder_cursor" character varying(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP COLUMN "reminder_cursor"`);
  }
}
