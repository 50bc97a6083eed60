import { MigrationInterface, QueryRunner } from 'typeorm';

export class Calendar1795939411748 implements MigrationInterface {
  name = 'Calendar1795939411748';

  async up(queryRunner: QueryRunner): Promise<void> {
    // the calendar's change log counter: every change of an event takes the next value (sync tokens, ctag)
    await queryRunner.query(`CREATE SEQUENCE "calendar_change_seq"`);
    await queryRunner.query(
      `CREATE TABLE "calendar_changes" ("event_id" uuid NOT NULL, "group_id" uuid NOT NULL, "uid" character varying(255) NOT NULL, ` +
        `"seq" bigint NOT NULL DEFAULT nextval('calendar_change_seq'), "deleted" boolean NOT NULL DEFAULT false, "private_to" uuid, ` +
        `CONSTRAINT "PK_8c51fe61e6bf138ef04c84bb272" PRIMARY KEY ("event_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_changes_group_seq" ON "calendar_changes"  ("group_id", "seq") `);
    await queryRunner.query(
      `CREATE TABLE "calendar_event_exceptions" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "event_id" uuid NOT NULL, ` +
        `"original_start" character varying(20) NOT NULL, "title" character varying(200) NOT NULL, "description" text, ` +
        `"location" character varying(500), "marker_id" uuid, "start_value" character varying(20) NOT NULL, "end_value" character varying(20) NOT NULL, ` +
        `"attendee_ids" uuid array, "color" character(7) NOT NULL, "range_start" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"range_end" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_32ecb71b27a230be8a1dbbd2d44" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_event_exceptions_range" ON "calendar_event_exceptions"  ("group_id", "range_start") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_calendar_event_exceptions_occurrence" ON "calendar_event_exceptions"  ("event_id", "original_start") `);
    await queryRunner.query(
      `CREATE TABLE "calendar_events" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "uid" character varying(255) NOT NULL, ` +
        `"title" character varying(200) NOT NULL, "description" text, "location" character varying(500), "marker_id" uuid, "all_day" boolean NOT NULL, ` +
        `"start_value" character varying(20) NOT NULL, "end_value" character varying(20) NOT NULL, "time_zone" character varying(64) NOT NULL, ` +
        `"rrule" character varying(500), "exdates" text array NOT NULL DEFAULT '{}', "attendee_ids" uuid array, "color" character(7) NOT NULL, ` +
        `"is_private" boolean NOT NULL DEFAULT false, "reminders" integer array NOT NULL DEFAULT '{}', "created_by" uuid, ` +
        `"version" integer NOT NULL DEFAULT '1', "range_start" TIMESTAMP WITH TIME ZONE NOT NULL, "range_end" TIMESTAMP WITH TIME ZONE, ` +
        `CONSTRAINT "ck_calendar_events_times" CHECK (("all_day" AND "start_value" ~ '^\\d{4}-\\d{2}-\\d{2}$' ` +
        `AND "end_value" ~ '^\\d{4}-\\d{2}-\\d{2}$') OR (NOT "all_day" AND "start_value" ~ 'Z$' AND "end_value" ~ 'Z$')), ` +
        `CONSTRAINT "ck_calendar_events_color" CHECK ("color" ~ '^#[0-9A-F]{6}$'), CONSTRAINT "PK_faf5391d232322a87cdd1c6f30c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_events_range" ON "calendar_events"  ("group_id", "range_start") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_calendar_events_uid" ON "calendar_events"  ("group_id", "uid") `);
    await queryRunner.query(
      `ALTER TABLE "calendar_changes" ADD CONSTRAINT "FK_1ebf2e191f20b2eef3df97de105" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "FK_b226b13f3ff3b2b9748a3c7abd7" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "FK_1d90d9eddd265ec70001b941a80" ` +
        `FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_event_exceptions" ADD CONSTRAINT "FK_cdc3d928622a387de1898c19927" ` +
        `FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_events" ADD CONSTRAINT "FK_9c226df0ee98e188283f6f96a0f" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_events" ADD CONSTRAINT "FK_1865c28941f618f776a42a9a9fa" ` +
        `FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_events" ADD CONSTRAINT "FK_29b10e413d1a7ccd621915e2586" ` +
        `FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // groups that have every module today get the calendar too; their members' claims change with it
    await queryRunner.query(
      `UPDATE "groups" SET "modules" = array_append("modules", 'Calendar') ` +
        `WHERE "modules" @> ARRAY['Map', 'Budget', 'Notes']::text[] AND NOT ('Calendar' = ANY("modules"))`,
    );
    await queryRunner.query(
      `UPDATE "users" SET "perms_version" = "perms_version" + 1 WHERE "group_id" IN (SELECT "id" FROM "groups" WHERE 'Calendar' = ANY("modules"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "users" SET "perms_version" = "perms_version" + 1 WHERE "group_id" IN (SELECT "id" FROM "groups" WHERE 'Calendar' = ANY("modules"))`,
    );
    await queryRunner.query(`UPDATE "groups" SET "modules" = array_remove("modules", 'Calendar')`);
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP CONSTRAINT "FK_29b10e413d1a7ccd621915e2586"`);
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP CONSTRAINT "FK_1865c28941f618f776a42a9a9fa"`);
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP CONSTRAINT "FK_9c226df0ee98e188283f6f96a0f"`);
    await queryRunner.query(`ALTER TABLE "calendar_event_exceptions" DROP CONSTRAINT "FK_cdc3d928622a387de1898c19927"`);
    await queryRunner.query(`ALTER TABLE "calendar_event_exceptions" DROP CONSTRAINT "FK_1d90d9eddd265ec70001b941a80"`);
    await queryRunner.query(`ALTER TABLE "calendar_event_exceptions" DROP CONSTRAINT "FK_b226b13f3ff3b2b9748a3c7abd7"`);
    await queryRunner.query(`ALTER TABLE "calendar_changes" DROP CONSTRAINT "FK_1ebf2e191f20b2eef3df97de105"`);
    await queryRunner.query(`DROP INDEX "public"."uq_calendar_events_uid"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_events_range"`);
    await queryRunner.query(`DROP TABLE "calendar_events"`);
    await queryRunner.query(`DROP INDEX "public"."uq_calendar_event_exceptions_occurrence"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_event_exceptions_range"`);
    await queryRunner.query(`DROP TABLE "calendar_event_exceptions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_calendar_changes_group_seq"`);
    await queryRunner.query(`DROP TABLE "calendar_changes"`);
    await queryRunner.query(`DROP SEQUENCE "calendar_change_seq"`);
  }
}
