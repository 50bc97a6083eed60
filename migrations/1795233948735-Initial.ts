import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795233948735 implements MigrationInterface {
  name = 'Initial1795233948735';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "groups" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, ` +
        `"currency" character(3) NOT NULL, "modules" text array NOT NULL DEFAULT '{}', ` +
        `CONSTRAINT "ck_groups_currency" CHECK ("currency" ~ '^[A-Z]{3}$'), CONSTRAINT "PK_659d1483316afb28afd3a90646e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "username" character varying(50) NOT NULL, ` +
        `"password_hash" character varying(100) NOT NULL, "email" character varying(254) NOT NULL, "pending_email" character varying(254), ` +
        `"email_status" character varying(20) NOT NULL DEFAULT 'Unconfirmed', "status" character varying(20) NOT NULL DEFAULT 'Pending', ` +
        `"nickname" character varying(25) NOT NULL, "role" character varying(10) NOT NULL DEFAULT 'User', "group_id" uuid, ` +
        `"perms_version" integer NOT NULL DEFAULT '1', CONSTRAINT "ck_users_role" CHECK ("role" IN ('User', 'Admin')), ` +
        `CONSTRAINT "ck_users_email_status" CHECK ("email_status" IN ('Unconfirmed', 'Confirmed', 'ChangePending')), ` +
        `CONSTRAINT "ck_users_status" CHECK ("status" IN ('Pending', 'Active', 'Declined', 'Deactivated')), ` +
        `CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_users_status" ON "users"  ("status") `);
    await queryRunner.query(`CREATE INDEX "ix_users_group_id" ON "users"  ("group_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users"  ("username") `);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "previous_token_hash" character(64), ` +
        `"rotated_date" TIMESTAMP WITH TIME ZONE, "user_agent" character varying(512), "ip_address" character varying(64), ` +
        `"device_name" character varying(100), "remember_me" boolean NOT NULL DEFAULT false, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"last_used_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_date" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"revoked_date" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sessions_expires_date" ON "sessions"  ("expires_date") `);
    await queryRunner.query(`CREATE INDEX "ix_sessions_user_id" ON "sessions"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_sessions_previous_token_hash" ON "sessions"  ("previous_token_hash") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sessions_token_hash" ON "sessions"  ("token_hash") `);
    await queryRunner.query(
      `CREATE TABLE "action_histories" ("id" uuid NOT NULL, "group_id" uuid, "admin_only" boolean NOT NULL DEFAULT false, ` +
        `"private_to_user_id" uuid, "entity_type" character varying(50) NOT NULL, "entity_id" uuid NOT NULL, "action" character varying(10) NOT NULL, ` +
        `"changes" jsonb NOT NULL DEFAULT '{}', "user_id" uuid, "user_nickname" character varying(25) NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4dd7dce9bb95f30e23afac46f6f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_action_histories_user_created" ON "action_histories"  ("user_id", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_entity" ON "action_histories"  ("entity_type", "entity_id", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_group_created" ON "action_histories"  ("group_id", "created_date") `);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_b8d62b3714f81341caa13ab0ff0" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // case-insensitive uniqueness, declared on the entities with synchronize: false
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_groups_name" ON "groups" (lower("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" (lower("email"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_users_email"`);
    await queryRunner.query(`DROP INDEX "public"."uq_groups_name"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_b8d62b3714f81341caa13ab0ff0"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_group_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_entity"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_user_created"`);
    await queryRunner.query(`DROP TABLE "action_histories"`);
    await queryRunner.query(`DROP INDEX "public"."uq_sessions_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_previous_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_expires_date"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."uq_users_username"`);
    await queryRunner.query(`DROP INDEX "public"."ix_users_group_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_users_status"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "groups"`);
  }
}
