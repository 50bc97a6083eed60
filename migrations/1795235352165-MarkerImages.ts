import { MigrationInterface, QueryRunner } from 'typeorm';

export class MarkerImages1795235352165 implements MigrationInterface {
  name = 'MarkerImages1795235352165';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "marker_images" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "marker_id" uuid NOT NULL, ` +
        `"file_id" uuid NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_09d204d22ba4a0fcfca35bcc7ff" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_marker_images_file_id" ON "marker_images"  ("file_id") `);
    await queryRunner.query(`CREATE INDEX "ix_marker_images_group_id" ON "marker_images"  ("group_id") `);
    await queryRunner.query(`CREATE INDEX "ix_marker_images_marker_position" ON "marker_images"  ("marker_id", "position") `);
    await queryRunner.query(
      `ALTER TABLE "marker_images" ADD CONSTRAINT "FK_75445db33ee3cf8917280079f50" ` +
        `FOREIGN KEY ("marker_id") REFERENCES "markers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "marker_images" ADD CONSTRAINT "FK_72242b10a287ec376b7008e4df4" ` +
        `FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "marker_images" DROP CONSTRAINT "FK_72242b10a287ec376b7008e4df4"`);
    await queryRunner.query(`ALTER TABLE "marker_images" DROP CONSTRAINT "FK_75445db33ee3cf8917280079f50"`);
    await queryRunner.query(`DROP INDEX "public"."ix_marker_images_marker_position"`);
    await queryRunner.query(`DROP INDEX "public"."ix_marker_images_group_id"`);
    await queryRunner.query(`DROP INDEX "public"."uq_marker_images_file_id"`);
    await queryRunner.query(`DROP TABLE "marker_images"`);
  }
}
