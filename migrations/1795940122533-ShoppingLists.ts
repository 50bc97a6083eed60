import { MigrationInterface, QueryRunner } from 'typeorm';

export class ShoppingLists1795940122533 implements MigrationInterface {
  name = 'ShoppingLists1795940122533';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shopping_learned_items" ("group_id" uuid NOT NULL, "key" character varying(1100) NOT NULL, ` +
        `"text" character varying(1000) NOT NULL, "folded" character varying(1000) NOT NULL, "aisle" character varying(20) NOT NULL, ` +
        `"aisle_taught" boolean NOT NULL DEFAULT false, "quantity" character varying(50), "catalog_item_id" character varying(60), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fe280c1c1cbe3aba20580364059" PRIMARY KEY ("group_id", "key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "shopping_merged_adds" ("id" uuid NOT NULL, "item_id" uuid NOT NULL, "user_id" uuid NOT NULL, "text" character varying(1000) NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f0454ee68395965ef63e7803023" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "shopping_purchases" ("id" uuid NOT NULL, "group_id" uuid NOT NULL, "item_id" uuid NOT NULL, ` +
        `"key" character varying(1100) NOT NULL, "text" character varying(1000) NOT NULL, "folded" character varying(1000) NOT NULL, ` +
        `"aisle" character varying(20) NOT NULL, "quantity" character varying(50), "catalog_item_id" character varying(60), ` +
        `"ticked_date" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b7a5fe40d0265fbf8ad18846750" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_shopping_purchases_item" ON "shopping_purchases"  ("item_id") `);
    await queryRunner.query(`CREATE INDEX "ix_shopping_purchases_group" ON "shopping_purchases"  ("group_id", "ticked_date") `);
    await queryRunner.query(
      `CREATE TABLE "shopping_stores" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, ` +
        `"name" character varying(100) NOT NULL, "aisle_order" character varying(20) array NOT NULL, ` +
        `"version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_711d9eceef2119d6a048cef5d5e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_shopping_stores_group" ON "shopping_stores"  ("group_id", "name") `);
    await queryRunner.query(
      `CREATE TABLE "shopping_trips" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "note_id" uuid NOT NULL, "shopper_id" uuid NOT NULL, ` +
        `"store_id" uuid, "store_name" character varying(100), "ticked_aisles" character varying(20) array NOT NULL DEFAULT '{}', ` +
        `"ticked_item_ids" uuid array NOT NULL DEFAULT '{}', CONSTRAINT "PK_e2fd0333cdfff7e97654057ea0e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_shopping_trips_store" ON "shopping_trips"  ("store_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_shopping_trips_note" ON "shopping_trips"  ("note_id") `);
    await queryRunner.query(`ALTER TABLE "notes" ADD "kind" character varying(10) NOT NULL DEFAULT 'list'`);
    await queryRunner.query(`ALTER TABLE "note_items" ADD "quantity" character varying(50)`);
    await queryRunner.query(`ALTER TABLE "note_items" ADD "aisle" character varying(20)`);
    await queryRunner.query(`ALTER TABLE "note_items" ADD "catalog_item_id" character varying(60)`);
    await queryRunner.query(`ALTER TABLE "note_items" ADD "added_during_trip" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "notification_settings" ADD "shopping_trips" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "notes" ADD CONSTRAINT "ck_notes_kind" CHECK ("kind" IN ('list', 'shopping'))`);
    await queryRunner.query(
      `ALTER TABLE "shopping_learned_items" ADD CONSTRAINT "FK_8d5e39638fe8f1cc72ec0875f67" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_merged_adds" ADD CONSTRAINT "FK_37ecd9c95a785e28d49d0bebeac" ` +
        `FOREIGN KEY ("item_id") REFERENCES "note_items"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_purchases" ADD CONSTRAINT "FK_1a80baeeed4e1a20499d128825d" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_stores" ADD CONSTRAINT "FK_b4ca4c19c66832c4a7a0a5b46d9" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_trips" ADD CONSTRAINT "FK_ef5fe9c7403c2e14217be4fa2b3" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_trips" ADD CONSTRAINT "FK_ab715f5bcb0cfb7df12b191cc89" ` +
        `FOREIGN KEY ("note_id") REFERENCES "notes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_trips" ADD CONSTRAINT "FK_98a47617a62216514428cec5489" ` +
        `FOREIGN KEY ("shopper_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shopping_trips" ADD CONSTRAINT "FK_2978c0e73049603c8e1e80634d0" ` +
        `FOREIGN KEY ("store_id") REFERENCES "shopping_stores"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shopping_trips" DROP CONSTRAINT "FK_2978c0e73049603c8e1e80634d0"`);
    await queryRunner.query(`ALTER TABLE "shopping_trips" DROP CONSTRAINT "FK_98a47617a62216514428cec5489"`);
    await queryRunner.query(`ALTER TABLE "shopping_trips" DROP CONSTRAINT "FK_ab715f5bcb0cfb7df12b191cc89"`);
    await queryRunner.query(`ALTER TABLE "shopping_trips" DROP CONSTRAINT "FK_ef5fe9c7403c2e14217be4fa2b3"`);
    await queryRunner.query(`ALTER TABLE "shopping_stores" DROP CONSTRAINT "FK_b4ca4c19c66832c4a7a0a5b46d9"`);
    await queryRunner.query(`ALTER TABLE "shopping_purchases" DROP CONSTRAINT "FK_1a80baeeed4e1a20499d128825d"`);
    await queryRunner.query(`ALTER TABLE "shopping_merged_adds" DROP CONSTRAINT "FK_37ecd9c95a785e28d49d0bebeac"`);
    await queryRunner.query(`ALTER TABLE "shopping_learned_items" DROP CONSTRAINT "FK_8d5e39638fe8f1cc72ec0875f67"`);
    await queryRunner.query(`ALTER TABLE "notes" DROP CONSTRAINT "ck_notes_kind"`);
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP COLUMN "shopping_trips"`);
    await queryRunner.query(`ALTER TABLE "note_items" DROP COLUMN "added_during_trip"`);
    await queryRunner.query(`ALTER TABLE "note_items" DROP COLUMN "catalog_item_id"`);
    await queryRunner.query(`ALTER TABLE "note_items" DROP COLUMN "aisle"`);
    await queryRunner.query(`ALTER TABLE "note_items" DROP COLUMN "quantity"`);
    await queryRunner.query(`ALTER TABLE "notes" DROP COLUMN "kind"`);
    await queryRunner.query(`DROP INDEX "public"."uq_shopping_trips_note"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shopping_trips_store"`);
    await queryRunner.query(`DROP TABLE "shopping_trips"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shopping_stores_group"`);
    await queryRunner.query(`DROP TABLE "shopping_stores"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shopping_purchases_group"`);
    await queryRunner.query(`DROP INDEX "public"."ix_shopping_purchases_item"`);
    await queryRunner.query(`DROP TABLE "shopping_purchases"`);
    await queryRunner.query(`DROP TABLE "shopping_merged_adds"`);
    await queryRunner.query(`DROP TABLE "shopping_learned_items"`);
  }
}
