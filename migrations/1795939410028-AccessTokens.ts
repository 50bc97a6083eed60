import { MigrationInterface, QueryRunner } from 'typeorm';

export class AccessTokens1795939410028 implements MigrationInterface {
  name = 'AccessTokens1795939410028';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "access_tokens" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "group_id" uuid NOT NULL, ` +
        `"name" character varying(100) NOT NULL, "scopes" character varying(10) array NOT NULL, "token_hash" character(64) NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_date" TIMESTAMP WITH TIME ZONE, ` +
        `"last_used_date" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_access_tokens_scopes" CHECK ("scopes" <@ ARRAY['read', 'write', ` +
        `'dav']::varchar[] AND cardinality("scopes") > 0), CONSTRAINT "PK_65140f59763ff994a0252488166" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_access_tokens_user_id" ON "access_tokens"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_access_tokens_token_hash" ON "access_tokens"  ("token_hash") `);
    await queryRunner.query(
      `ALTER TABLE "access_tokens" ADD CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" ADD CONSTRAINT "FK_b92c42e816aab28b3bb66ef0e46" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "access_tokens" DROP CONSTRAINT "FK_b92c42e816aab28b3bb66ef0e46"`);
    await queryRunner.query(`ALTER TABLE "access_tokens" DROP CONSTRAINT "FK_09ee750a035b06e0c7f0704687e"`);
    await queryRunner.query(`DROP INDEX "public"."uq_access_tokens_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_access_tokens_user_id"`);
    await queryRunner.query(`DROP TABLE "access_tokens"`);
  }
}
