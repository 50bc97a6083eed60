import { MigrationInterface, QueryRunner } from 'typeorm';

export class Budget1795236158260 implements MigrationInterface {
  name = 'Budget1795236158260';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "budget_accounts" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, ` +
        `"name" character varying(50) NOT NULL, "is_default" boolean NOT NULL DEFAULT false, ` +
        `"is_disabled" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_34c44517adef513ba171445354a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_budget_accounts_group" ON "budget_accounts"  ("group_id") `);
    await queryRunner.query(
      `CREATE TABLE "categories" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "name" character varying(50) NOT NULL, ` +
        `"color" character varying(7) NOT NULL, "icon" character varying(50) NOT NULL, "sort_order" integer NOT NULL, ` +
        `CONSTRAINT "ck_categories_color" CHECK ("color" ~ '^#[0-9A-Fa-f]{6}$'), CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_categories_group_order" ON "categories"  ("group_id", "sort_order") `);
    await queryRunner.query(
      `CREATE TABLE "recurring_transactions" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "type" character varying(10) NOT NULL, ` +
        `"amount" numeric(14,2) NOT NULL, "description" character varying(500), "category_id" uuid, "budget_account_id" uuid NOT NULL, ` +
        `"target_budget_account_id" uuid, "frequency" character varying(10) NOT NULL, "interval" integer NOT NULL DEFAULT '1', ` +
        `"start_date" date NOT NULL, "end_date" date, "next_occurrence" date, "is_enabled" boolean NOT NULL DEFAULT true, "created_by_id" uuid, ` +
        `CONSTRAINT "ck_recurring_transactions_shape" CHECK (("type" = 'Transfer' AND "category_id" IS NULL AND "target_budget_account_id" ` +
        `IS NOT NULL AND "target_budget_account_id" <> "budget_account_id") OR ("type" IN ('Expense', ` +
        `'Income') AND "category_id" IS NOT NULL AND "target_budget_account_id" IS NULL)), ` +
        `CONSTRAINT "ck_recurring_transactions_end" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), ` +
        `CONSTRAINT "ck_recurring_transactions_interval" CHECK ("interval" >= 1), CONSTRAINT "ck_recurring_transactions_amount" CHECK ("amount" > 0), ` +
        `CONSTRAINT "ck_recurring_transactions_frequency" CHECK ("frequency" IN ('Daily', 'Weekly', 'Monthly', 'Yearly')), ` +
        `CONSTRAINT "ck_recurring_transactions_type" CHECK ("type" IN ('Expense', 'Income', 'Transfer')), ` +
        `CONSTRAINT "PK_6485db3243762a54992dc0ce3b7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_target_account" ON "recurring_transactions"  ("target_budget_account_id") `);
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_account" ON "recurring_transactions"  ("budget_account_id") `);
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_category" ON "recurring_transactions"  ("category_id") `);
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_due" ON "recurring_transactions"  ("next_occurrence") `);
    await queryRunner.query(`CREATE INDEX "ix_recurring_transactions_group" ON "recurring_transactions"  ("group_id") `);
    await queryRunner.query(
      `CREATE TABLE "transactions" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "type" character varying(10) NOT NULL, ` +
        `"amount" numeric(14,2) NOT NULL, "date" date NOT NULL, "description" character varying(500), "category_id" uuid, ` +
        `"budget_account_id" uuid NOT NULL, "target_budget_account_id" uuid, "recurring_transaction_id" uuid, "occurrence_date" date, ` +
        `"created_by_id" uuid, CONSTRAINT "ck_transactions_shape" CHECK (("type" = 'Transfer' AND "category_id" ` +
        `IS NULL AND "target_budget_account_id" IS NOT NULL AND "target_budget_account_id" <> "budget_account_id") OR ("type" ` +
        `IN ('Expense', 'Income') AND "category_id" IS NOT NULL AND "target_budget_account_id" IS NULL)), ` +
        `CONSTRAINT "ck_transactions_amount" CHECK ("amount" > 0), CONSTRAINT "ck_transactions_type" CHECK ("type" IN ('Expense', ` +
        `'Income', 'Transfer')), CONSTRAINT "PK_a219afd8dd77ed80f5a862f1db9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_transactions_recurring_occurrence" ON "transactions"  ("recurring_transaction_id", "occurrence_date") `);
    await queryRunner.query(`CREATE INDEX "ix_transactions_group_amount" ON "transactions"  ("group_id", "amount", "id") `);
    await queryRunner.query(
      `ALTER TABLE "budget_accounts" ADD CONSTRAINT "FK_c078f57c3fe3cbe5482ac87838f" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "categories" ADD CONSTRAINT "FK_9cb2a5ee5d6a59afa025f3b96d7" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "FK_6c2da13e5247d8799cfd3fdbf0d" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "FK_eb623e5e626cf95fd42710adf25" ` +
        `FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "FK_e2b74bf3e0682723f9c4b478351" ` +
        `FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "FK_bc8f2b6461d8c1c88e9b0fa0260" ` +
        `FOREIGN KEY ("target_budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_4ad1884a5fad7c6262357290dbb" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_c9e41213ca42d50132ed7ab2b0f" ` +
        `FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_9aac10ca9711bc67d9910010c88" ` +
        `FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_0ffeaf2de78de94691c0f800545" ` +
        `FOREIGN KEY ("target_budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_50371499043ce644481531ce059" FOREIGN KEY ("recurring_transaction_id") ` +
        `REFERENCES "recurring_transactions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // hand-made indexes (declared on the entities with synchronize: false)
    // one default account per group, enforced by the database
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_budget_accounts_default" ON "budget_accounts" ("group_id") WHERE "is_default"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_budget_accounts_group_name" ON "budget_accounts" ("group_id", lower("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_categories_group_name" ON "categories" ("group_id", lower("name"))`);
    // covering: the date-sorted list (scanned backwards) and the reports read only this index
    await queryRunner.query(
      `CREATE INDEX "ix_transactions_group_date" ON "transactions" ("group_id", "date", "id") ` +
        `INCLUDE ("type", "amount", "category_id", "budget_account_id")`,
    );
    // the category filter (count and pages) from the index alone; also serves the foreign key
    await queryRunner.query(`CREATE INDEX "ix_transactions_category" ON "transactions" ("category_id", "date", "id") INCLUDE ("group_id", "type")`);
    // per-account balances and account filters, read from the index alone
    await queryRunner.query(
      `CREATE INDEX "ix_transactions_account" ON "transactions" ("budget_account_id", "date", "id") INCLUDE ("group_id", "type", "amount")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_transactions_target_account" ON "transactions" ("target_budget_account_id", "date", "id") ` +
        `INCLUDE ("group_id", "type", "amount") WHERE "target_budget_account_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "ix_transactions_description_trgm" ON "transactions" USING gin ("description" gin_trgm_ops)`);
    // Transactions per group, day and type, kept exact by statement-level triggers in the same
    // transaction as every insert, update and delete: the list's totalItems without count(*), and
    // a page at any depth found by seeking to its day (see TransactionsService.list). No entity on
    // purpose: nothing but these triggers writes it.
    await queryRunner.query(
      `CREATE TABLE "transaction_day_counts" ("group_id" uuid NOT NULL, "date" date NOT NULL, "type" character varying(10) NOT NULL, ` +
        `"count" integer NOT NULL, CONSTRAINT "pk_transaction_day_counts" PRIMARY KEY ("group_id", "date", "type"))`,
    );
    await queryRunner.query(`CREATE FUNCTION "transaction_day_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO transaction_day_counts AS c (group_id, date, type, count)
          SELECT group_id, date, type, count(*) FROM new_rows GROUP BY group_id, date, type ORDER BY group_id, date, type
          ON CONFLICT (group_id, date, type) DO UPDATE SET count = c.count + EXCLUDED.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "transaction_day_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE transaction_day_counts AS c SET count = c.count - o.n
          FROM (SELECT group_id, date, type, count(*) AS n FROM old_rows GROUP BY group_id, date, type) o
         WHERE c.group_id = o.group_id AND c.date = o.date AND c.type = o.type;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows ` +
        `FOR EACH STATEMENT EXECUTE FUNCTION "transaction_day_counts_add"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_count_update_new" AFTER UPDATE ON "transactions" REFERENCING NEW TABLE AS new_rows ` +
        `FOR EACH STATEMENT EXECUTE FUNCTION "transaction_day_counts_add"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_count_update_old" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows ` +
        `FOR EACH STATEMENT EXECUTE FUNCTION "transaction_day_counts_remove"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows ` +
        `FOR EACH STATEMENT EXECUTE FUNCTION "transaction_day_counts_remove"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "transactions_count_delete" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "transactions_count_update_old" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "transactions_count_update_new" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "transactions_count_insert" ON "transactions"`);
    await queryRunner.query(`DROP FUNCTION "transaction_day_counts_remove"()`);
    await queryRunner.query(`DROP FUNCTION "transaction_day_counts_add"()`);
    await queryRunner.query(`DROP TABLE "transaction_day_counts"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_description_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_target_account"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_account"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_category"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_group_date"`);
    await queryRunner.query(`DROP INDEX "public"."uq_categories_group_name"`);
    await queryRunner.query(`DROP INDEX "public"."uq_budget_accounts_group_name"`);
    await queryRunner.query(`DROP INDEX "public"."uq_budget_accounts_default"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_50371499043ce644481531ce059"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_0ffeaf2de78de94691c0f800545"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_9aac10ca9711bc67d9910010c88"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_c9e41213ca42d50132ed7ab2b0f"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_4ad1884a5fad7c6262357290dbb"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "FK_bc8f2b6461d8c1c88e9b0fa0260"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "FK_e2b74bf3e0682723f9c4b478351"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "FK_eb623e5e626cf95fd42710adf25"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "FK_6c2da13e5247d8799cfd3fdbf0d"`);
    await queryRunner.query(`ALTER TABLE "categories" DROP CONSTRAINT "FK_9cb2a5ee5d6a59afa025f3b96d7"`);
    await queryRunner.query(`ALTER TABLE "budget_accounts" DROP CONSTRAINT "FK_c078f57c3fe3cbe5482ac87838f"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_group_amount"`);
    await queryRunner.query(`DROP INDEX "public"."uq_transactions_recurring_occurrence"`);
    await queryRunner.query(`DROP TABLE "transactions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_group"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_due"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_category"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_account"`);
    await queryRunner.query(`DROP INDEX "public"."ix_recurring_transactions_target_account"`);
    await queryRunner.query(`DROP TABLE "recurring_transactions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_categories_group_order"`);
    await queryRunner.query(`DROP TABLE "categories"`);
    await queryRunner.query(`DROP INDEX "public"."ix_budget_accounts_group"`);
    await queryRunner.query(`DROP TABLE "budget_accounts"`);
  }
}
