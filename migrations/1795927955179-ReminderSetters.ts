import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReminderSetters1795927955179 implements MigrationInterface {
  name = 'ReminderSetters1795927955179';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "remind_set_by" uuid`);
    // the bill reminders set before: counted for the person who made the rule
    await queryRunner.query(`UPDATE "recurring_transactions" SET "remind_set_by" = "created_by_id" WHERE "remind_days_before" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_remind_set_by" ON "recurring_transactions"  ("remind_set_by") `);
    await queryRunner.query(`CREATE INDEX "ix_note_reminders_set_by" ON "note_reminders"  ("set_by") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_note_reminders_set_by"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_remind_set_by"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "remind_set_by"`);
  }
}
