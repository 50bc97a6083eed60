import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795775408439 implements MigrationInterface {
  name = 'Notifications1795775408439';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "note_reminders" ("id" uuid NOT NULL, "note_id" uuid NOT NULL, "group_id" uuid NOT NULL, ` +
        `"start_local" character varying(19) NOT NULL, "time_zone" character varying(64), ` +
        `"setter_time_zone" character varying(64) NOT NULL, "frequency" character varying(10), "interval" integer NOT NULL DEFAULT '1', ` +
        `"until" date, "recipients" character varying(5) NOT NULL, "recipient_ids" uuid array NOT NULL DEFAULT '{}', "set_by" uuid, ` +
        `"set_date" TIMESTAMP WITH TIME ZONE NOT NULL, "next_index" integer, CONSTRAINT "PK_92214630abc2d7885603ccec18a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_note_reminders_group" ON "note_reminders"  ("group_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_note_reminders_note" ON "note_reminders"  ("note_id") `);
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL, "recipient_id" uuid NOT NULL, "group_id" uuid NOT NULL, ` +
        `"kind" character varying(20) NOT NULL, "occurrence_key" character varying(200) NOT NULL, "title" character varying(200) NOT NULL, ` +
        `"body" character varying(1000) NOT NULL, "entity_type" character varying(30), "entity_id" uuid, "due_date" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"late" boolean NOT NULL DEFAULT false, "outward" boolean NOT NULL DEFAULT true, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "read_at" TIMESTAMP WITH TIME ZONE, "snoozed_until" TIMESTAMP WITH TIME ZONE, ` +
        `"snooze_count" smallint NOT NULL DEFAULT '0', CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_notifications_inbox" ON "notifications"  ("recipient_id", "read_at", "created_date") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_notifications_occurrence" ON "notifications"  ("recipient_id", "occurrence_key") `);
    await queryRunner.query(
      `CREATE TABLE "notification_deliveries" ("notification_id" uuid NOT NULL, "attempt" smallint NOT NULL, "channel" character varying(10) NOT NULL, ` +
        `"target_hash" character varying(64) NOT NULL, "outcome" character varying(20) NOT NULL, ` +
        `"sent_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f347280c1d0d91e4518dd2a9f14" PRIMARY KEY ("notification_id", "attempt", ` +
        `"channel", "target_hash")); COMMENT ON COLUMN "notification_deliveries"."target_hash" IS 'SHA-256 of the target (endpoint, address or URL), hex'`,
    );
    await queryRunner.query(
      `CREATE TABLE "notification_schedule" ("source" character varying(20) NOT NULL, "source_id" uuid NOT NULL, ` +
        `"due_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_431e6b5c2d7aa7b25bf11858a54" PRIMARY KEY ("source", "source_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_notification_schedule_due" ON "notification_schedule"  ("due_at") `);
    await queryRunner.query(
      `CREATE TABLE "notification_settings" ("user_id" uuid NOT NULL, "time_zone" character varying(64) NOT NULL DEFAULT 'UTC', "quiet_from" character(5), ` +
        `"quiet_to" character(5), "push" boolean NOT NULL DEFAULT false, "email" boolean NOT NULL DEFAULT false, "webhook_url" character varying(2048), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91a7ffebe8b406c4470845d4781" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "push_subscriptions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "session_id" uuid, ` +
        `"endpoint" character varying(2048) NOT NULL, "p256dh" character varying(100) NOT NULL, "auth" character varying(30) NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_757fc8f00c34f66832668dc2e53" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_push_subscriptions_session" ON "push_subscriptions"  ("session_id") `);
    await queryRunner.query(`CREATE INDEX "ix_push_subscriptions_user" ON "push_subscriptions"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_push_subscriptions_endpoint" ON "push_subscriptions"  ("endpoint") `);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "remind_days_before" smallint`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "remind_next_occurrence" date`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "remind_set_date" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "ck_recurring_transactions_remind" ` +
        `CHECK ("remind_days_before" IS NULL OR "remind_days_before" BETWEEN 0 AND 30)`,
    );
    await queryRunner.query(
      `ALTER TABLE "note_reminders" ADD CONSTRAINT "FK_b64a5250a32d14392af2812c4e6" ` +
        `FOREIGN KEY ("note_id") REFERENCES "notes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d" ` +
        `FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_deliveries" ADD CONSTRAINT "FK_435486b970fffc3e33a7450ee97" ` +
        `FOREIGN KEY ("notification_id") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_settings" ADD CONSTRAINT "FK_91a7ffebe8b406c4470845d4781" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // signing a device out (its session revoked, in any of the ways a session ends) removes its push subscription
    await queryRunner.query(
      `CREATE FUNCTION hearth_push_subscriptions_signed_out() RETURNS trigger LANGUAGE plpgsql AS $$ ` +
        `BEGIN DELETE FROM push_subscriptions WHERE session_id = NEW.id; RETURN NULL; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER sessions_revoked_push_subscriptions AFTER UPDATE OF revoked_date ON sessions FOR EACH ROW ` +
        `WHEN (OLD.revoked_date IS NULL AND NEW.revoked_date IS NOT NULL) EXECUTE FUNCTION hearth_push_subscriptions_signed_out()`,
    );
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_6771f119f1c06d2ccf38f238664" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_d1de1cf3978af9932b61f122913" ` +
        `FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER sessions_revoked_push_subscriptions ON sessions`);
    await queryRunner.query(`DROP FUNCTION hearth_push_subscriptions_signed_out()`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_d1de1cf3978af9932b61f122913"`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_6771f119f1c06d2ccf38f238664"`);
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP CONSTRAINT "FK_91a7ffebe8b406c4470845d4781"`);
    await queryRunner.query(`ALTER TABLE "notification_deliveries" DROP CONSTRAINT "FK_435486b970fffc3e33a7450ee97"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_5332a4daa46fd3f4e6625dd275d"`);
    await queryRunner.query(`ALTER TABLE "note_reminders" DROP CONSTRAINT "FK_b64a5250a32d14392af2812c4e6"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "ck_recurring_transactions_remind"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "remind_set_date"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "remind_next_occurrence"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "remind_days_before"`);
    await queryRunner.query(`DROP INDEX "public"."uq_push_subscriptions_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."ix_push_subscriptions_user"`);
    await queryRunner.query(`DROP INDEX "public"."ix_push_subscriptions_session"`);
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
    await queryRunner.query(`DROP TABLE "notification_settings"`);
    await queryRunner.query(`DROP INDEX "public"."ix_notification_schedule_due"`);
    await queryRunner.query(`DROP TABLE "notification_schedule"`);
    await queryRunner.query(`DROP TABLE "notification_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."uq_notifications_occurrence"`);
    await queryRunner.query(`DROP INDEX "public"."ix_notifications_inbox"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
    await queryRunner.query(`DROP INDEX "public"."uq_note_reminders_note"`);
    await queryRunner.query(`DROP INDEX "public"."ix_note_reminders_group"`);
    await queryRunner.query(`DROP TABLE "note_reminders"`);
  }
}
