import { MigrationInterface, QueryRunner } from 'typeorm';

export class FilesAndCaptcha1795234342715 implements MigrationInterface {
  name = 'FilesAndCaptcha1795234342715';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "files" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "category" character varying(20) NOT NULL, ` +
        `"status" character varying(20) NOT NULL DEFAULT 'Pending', "error" character varying(200), "owner_user_id" uuid NOT NULL, "group_id" uuid, ` +
        `"storage_key" character varying(200) NOT NULL, "thumbnail_key" character varying(220), "content_type" character varying(50) NOT NULL, ` +
        `"size" integer NOT NULL, "width" integer, "height" integer, CONSTRAINT "ck_files_status" CHECK ("status" IN ('Pending', 'Processing', ` +
        `'Completed', 'Failed')), CONSTRAINT "ck_files_category" CHECK ("category" IN ('ProfilePicture', 'MarkerImage')), ` +
        `CONSTRAINT "PK_6c16b9093a142e0e7613b04a3d9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_files_status_created" ON "files"  ("status", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_files_owner_user_id" ON "files"  ("owner_user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_files_group_id" ON "files"  ("group_id") `);
    await queryRunner.query(
      `CREATE TABLE "used_captchas" ("signature" character varying(128) NOT NULL, ` +
        `"expires_date" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0847874a6e306a5670e2271c680" PRIMARY KEY ("signature"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_used_captchas_expires_date" ON "used_captchas"  ("expires_date") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_used_captchas_expires_date"`);
    await queryRunner.query(`DROP TABLE "used_captchas"`);
    await queryRunner.query(`DROP INDEX "public"."ix_files_group_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_files_owner_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_files_status_created"`);
    await queryRunner.query(`DROP TABLE "files"`);
  }
}
