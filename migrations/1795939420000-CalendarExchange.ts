import { MigrationInterface, QueryRunner } from 'typeorm';

export class CalendarExchange1795939420000 implements MigrationInterface {
  name = 'CalendarExchange1795939420000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "calendar_feeds" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "group_id" uuid NOT NULL, "name" character varying(100) NOT NULL, ` +
        `"layers" text array NOT NULL, "only_mine" boolean NOT NULL DEFAULT false, "token_hash" character(64) NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_calendar_feeds" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_calendar_feeds_token_hash" ON "calendar_feeds" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_calendar_feeds_user" ON "calendar_feeds" ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "calendar_subscriptions" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, ` +
        `"name" character varying(100) NOT NULL, "color" character(7) NOT NULL, "created_by" uuid, ` +
        `"events" jsonb NOT NULL DEFAULT '[]', "etag" character varying(500), "last_modified" character varying(100), ` +
        `"fetched_date" TIMESTAMP WITH TIME ZONE, "last_error" character varying(500), "version" integer NOT NULL DEFAULT '1', ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_calendar_subscriptions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_subscriptions_group" ON "calendar_subscriptions" ("group_id") `);
    await queryRunner.query(
      `CREATE TABLE "calendar_imports" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "user_id" uuid NOT NULL, ` +
        `"events" jsonb NOT NULL, "committed_date" TIMESTAMP WITH TIME ZONE, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_calendar_imports" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_calendar_imports_group" ON "calendar_imports" ("group_id", "created_date") `);
    await queryRunner.query(
      `ALTER TABLE "calendar_feeds" ADD CONSTRAINT "FK_3212ce9ff23847e66347a6730d3" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_feeds" ADD CONSTRAINT "FK_998d8b4a01297fe593b049d85a4" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "FK_831a8083d50c71ffb3f458a65bf" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "FK_e1df84eb76a626c4e4f3ca520d3" ` +
        `FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_imports" ADD CONSTRAINT "FK_4fb0ec788efd1d9a6cd323b9291" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "calendar_imports" ADD CONSTRAINT "FK_ea76f7ae4660732dd6dd69ef4ad" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar_imports"`);
    await queryRunner.query(`DROP TABLE "calendar_subscriptions"`);
    await queryRunner.query(`DROP TABLE "calendar_feeds"`);
  }
}
