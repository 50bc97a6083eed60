import { MigrationInterface, QueryRunner } from 'typeorm';

export class OpenIdConnect1795940754096 implements MigrationInterface {
  name = 'OpenIdConnect1795940754096';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oidc_logins" ("id" uuid NOT NULL, "state_hash" character(64) NOT NULL, "browser_hash" character(64) NOT NULL, ` +
        `"nonce" character varying(128) NOT NULL, "code_verifier" character varying(128) NOT NULL, "return_to" character varying(500) NOT NULL, ` +
        `"link_user_id" uuid, "expires_date" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_27f2bad66363345736ca34c2803" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_oidc_logins_expires_date" ON "oidc_logins"  ("expires_date") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_oidc_logins_state_hash" ON "oidc_logins"  ("state_hash") `);
    await queryRunner.query(
      `CREATE TABLE "user_identities" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "issuer" character varying(500) NOT NULL, ` +
        `"subject" character varying(255) NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_e23bff04e9c3e7b785e442b262c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_identities_user_issuer" ON "user_identities"  ("user_id", "issuer") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_identities_issuer_subject" ON "user_identities"  ("issuer", "subject") `);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "signed_in_with" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "id_token_hint" text`);
    await queryRunner.query(
      `ALTER TABLE "user_identities" ADD CONSTRAINT "FK_bf5fe01eb8cad7114b4c371cdc7" ` +
        `FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_identities" DROP CONSTRAINT "FK_bf5fe01eb8cad7114b4c371cdc7"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "id_token_hint"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "signed_in_with"`);
    await queryRunner.query(`DROP INDEX "public"."uq_user_identities_issuer_subject"`);
    await queryRunner.query(`DROP INDEX "public"."uq_user_identities_user_issuer"`);
    await queryRunner.query(`DROP TABLE "user_identities"`);
    await queryRunner.query(`DROP INDEX "public"."uq_oidc_logins_state_hash"`);
    await queryRunner.query(`DROP INDEX "public"."ix_oidc_logins_expires_date"`);
    await queryRunner.query(`DROP TABLE "oidc_logins"`);
  }
}
