import { MigrationInterface, QueryRunner } from 'typeorm';

export class RetiredRefreshTokens1795238390160 implements MigrationInterface {
  name = 'RetiredRefreshTokens1795238390160';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_previous_token_hash"`);
    await queryRunner.query(
      `CREATE TABLE "retired_refresh_tokens" ("token_hash" character(64) NOT NULL, "session_id" uuid NOT NULL, ` +
        `"retired_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e7a5086431f93a7c2d388933f95" PRIMARY KEY ("token_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_retired_refresh_tokens_session_id" ON "retired_refresh_tokens"  ("session_id") `);
    await queryRunner.query(
      `ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "FK_7aeb762d817af235814edc9e782" ` +
        `FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "retired_refresh_tokens" DROP CONSTRAINT "FK_7aeb762d817af235814edc9e782"`);
    await queryRunner.query(`DROP INDEX "public"."ix_retired_refresh_tokens_session_id"`);
    await queryRunner.query(`DROP TABLE "retired_refresh_tokens"`);
    await queryRunner.query(`CREATE INDEX "ix_sessions_previous_token_hash" ON "sessions" USING btree ("previous_token_hash") `);
  }
}
