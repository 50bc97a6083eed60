import { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonalNoteReminders1795930222078 implements MigrationInterface {
  name = 'PersonalNoteReminders1795930222078';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_note_reminders_note"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_note_reminders_note_setter" ON "note_reminders"  ("note_id", "set_by") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_note_reminders_note_setter"`);
    // one reminder a note again: the one set last stays
    await queryRunner.query(
      `DELETE FROM "note_reminders" r USING "note_reminders" later ` +
        `WHERE later."note_id" = r."note_id" AND (later."set_date", later."id") > (r."set_date", r."id")`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_note_reminders_note" ON "note_reminders" USING btree ("note_id") `);
  }
}
