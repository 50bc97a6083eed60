import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notes1795234197151 implements MigrationInterface {
  name = 'Notes1795234197151';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notes" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "title" character varying(100) NOT NULL, ` +
        `"content" text, "color" character(7) NOT NULL DEFAULT '#3B82F6', "icon" character varying(50) NOT NULL DEFAULT 'ShoppingCart', ` +
        `"is_private" boolean NOT NULL DEFAULT false, "is_pinned" boolean NOT NULL DEFAULT false, "created_by" uuid, ` +
        `CONSTRAINT "ck_notes_color" CHECK ("color" ~ '^#[0-9A-F]{6}$'), CONSTRAINT "PK_af6206538ea96c4e77e9f400c3d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_notes_group_id" ON "notes"  ("group_id") `);
    await queryRunner.query(
      `CREATE TABLE "note_items" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "note_id" uuid NOT NULL, ` +
        `"text" character varying(1000) NOT NULL, "url" character varying(2048), "is_completed" boolean NOT NULL DEFAULT false, ` +
        `"order" integer NOT NULL, CONSTRAINT "uq_note_items_note_order" UNIQUE ("note_id", "order") DEFERRABLE INITIALLY DEFERRED, ` +
        `CONSTRAINT "ck_note_items_order" CHECK ("order" >= 0), CONSTRAINT "PK_5423b4ffb3e39599de4eeac1521" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_note_items_group_id" ON "note_items"  ("group_id") `);
    await queryRunner.query(
      `ALTER TABLE "notes" ADD CONSTRAINT "FK_67abadea03a62bc5c13b5889ad0" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notes" ADD CONSTRAINT "FK_b86c5f2b5de1e7a3d2a428cfb55" ` +
        `FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "note_items" ADD CONSTRAINT "FK_3bcae36a7f928437f23c5ab7deb" ` +
        `FOREIGN KEY ("note_id") REFERENCES "notes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "note_items" DROP CONSTRAINT "FK_3bcae36a7f928437f23c5ab7deb"`);
    await queryRunner.query(`ALTER TABLE "notes" DROP CONSTRAINT "FK_b86c5f2b5de1e7a3d2a428cfb55"`);
    await queryRunner.query(`ALTER TABLE "notes" DROP CONSTRAINT "FK_67abadea03a62bc5c13b5889ad0"`);
    await queryRunner.query(`DROP INDEX "public"."ix_note_items_group_id"`);
    await queryRunner.query(`DROP TABLE "note_items"`);
    await queryRunner.query(`DROP INDEX "public"."ix_notes_group_id"`);
    await queryRunner.query(`DROP TABLE "notes"`);
  }
}
