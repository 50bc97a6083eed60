import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search over the calendar's events (docs/search.md, docs/calendar.md): the title weighted A, the
 * description and the place (location) B, kept by a row trigger as for the other searched tables
 * (migration `Search`); indexes led by `group_id` (as `SearchNotesPlacesIndexes`); the typo words of
 * the group (`SearchTypoWords`) take the events' words too.
 */
export class CalendarSearch1795942000000 implements MigrationInterface {
  name = 'CalendarSearch1795942000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_events" ADD "search_vector" tsvector, ADD "search_text" text`);
    await queryRunner.query(`CREATE FUNCTION "calendar_events_search"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.search_vector := search_document(NEW.title, concat_ws(' ', NEW.description, NEW.location));
          NEW.search_text := coalesce(search_fold(concat_ws(' ', NEW.title, NEW.description, NEW.location)), '');
          RETURN NEW;
        END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "calendar_events_search" BEFORE INSERT OR UPDATE OF "title", "description", "location" ` +
        `ON "calendar_events" FOR EACH ROW EXECUTE FUNCTION "calendar_events_search"()`,
    );
    await queryRunner.query(`UPDATE "calendar_events" SET "title" = "title"`);
    await queryRunner.query(`CREATE INDEX "ix_calendar_events_search_vector" ON "calendar_events" USING gin ("group_id", "search_vector")`);
    await queryRunner.query(`CREATE INDEX "ix_calendar_events_search_text" ON "calendar_events" USING gin ("group_id", "search_text" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "ix_calendar_events_search_title" ON "calendar_events" USING gin (search_fold("title") gin_trgm_ops)`);
    await queryRunner.query(
      `CREATE TRIGGER "calendar_events_search_words_insert" AFTER INSERT ON "calendar_events" ` +
        `REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "calendar_events_search_words_update" AFTER UPDATE ON "calendar_events" ` +
        `REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_change()`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_events_group_updated" ON "calendar_events" ("group_id", "updated_date", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_events_group_updated"`);
    await queryRunner.query(`DROP TRIGGER "calendar_events_search_words_update" ON "calendar_events"`);
    await queryRunner.query(`DROP TRIGGER "calendar_events_search_words_insert" ON "calendar_events"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_events_search_title"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_events_search_text"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_events_search_vector"`);
    await queryRunner.query(`DROP TRIGGER "calendar_events_search" ON "calendar_events"`);
    await queryRunner.query(`DROP FUNCTION "calendar_events_search"()`);
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP COLUMN "search_text", DROP COLUMN "search_vector"`);
  }
}
