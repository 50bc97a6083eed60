import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1795234640266 implements MigrationInterface {
  name = 'Accounts1795234640266';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, ` +
        `"purpose" character varying(20) NOT NULL, "token_hash" character(64) NOT NULL, "email" character varying(254), ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_date" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"used_date" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_account_tokens_purpose" CHECK ("purpose" IN ('EmailConfirm', ` +
        `'PasswordReset')), CONSTRAINT "PK_5e3640c493cc6206a44b885e6a9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_account_tokens_expires_date" ON "account_tokens"  ("expires_date") `);
    await queryRunner.query(`CREATE INDEX "ix_account_tokens_user_purpose_created" ON "account_tokens"  ("user_id", "purpose", "created_date") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_account_tokens_token_hash" ON "account_tokens"  ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "picture_file_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_6b27c3218ccc5e4a20ffa34111b" ` +
        `FOREIGN KEY ("picture_file_id") REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_tokens" ADD CONSTRAINT "FK_1b5fea09efc20c7f63c4a09b3d6" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "account_tokens" DROP CONSTRAINT "FK_1b5fea09efc20c7f63c4a09b3d6"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_6b27c3218ccc5e4a20ffa34111b"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "picture_file_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_account_tokens_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_account_tokens_user_purpose_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_account_tokens_expires_date"`);
    await queryRunner.query(`DROP TABLE "account_tokens"`);
  }
}
