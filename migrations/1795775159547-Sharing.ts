import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sharing costs (docs/budget.md, "Sharing costs"): settlements, the group's split settings and a
 * `split` on transactions and recurring transactions (the entities' part, generated), then three
 * tables without entities, written by statement-level triggers only, in the same database
 * transaction as every change (like the day sums of TransactionDaySums):
 * - `transaction_shares`: a shared transaction's split expanded, one row per member (what they paid,
 *   their part), with the transaction's date, type, account and category;
 * - `member_day_balances`: per group, member and day, paid and share (an Income's negative: the
 *   payer received the money) from the shares, and sent and received from the settlements. The
 *   balances of any period are a sum over these few rows;
 * - `member_day_sums`: per group, day, member, account, category and type, paid, share and the
 *   count of shares, for the reports' members and one member's report.
 * The housekeeping check recomputes all three from the rows and repairs any difference.
 */
export class Sharing1795775159547 implements MigrationInterface {
  name = 'Sharing1795775159547';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "settlements" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "from_user_id" uuid NOT NULL, ` +
        `"to_user_id" uuid NOT NULL, "amount" numeric(14,2) NOT NULL, "date" date NOT NULL, "note" character varying(500), ` +
        `"created_by_id" uuid, CONSTRAINT "ck_settlements_parties" CHECK ("from_user_id" <> "to_user_id"), ` +
        `CONSTRAINT "ck_settlements_amount" CHECK ("amount" > 0), CONSTRAINT "PK_5f523ce152b84e818bff9467aab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_settlements_to" ON "settlements"  ("group_id", "to_user_id", "date") `);
    await queryRunner.query(`CREATE INDEX "ix_settlements_from" ON "settlements"  ("group_id", "from_user_id", "date") `);
    await queryRunner.query(`CREATE INDEX "ix_settlements_group_date" ON "settlements"  ("group_id", "date", "id") `);
    await queryRunner.query(
      `CREATE TABLE "split_settings" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, ` +
        `"shared_by_default" boolean NOT NULL DEFAULT false, "mode" character varying(10) NOT NULL DEFAULT 'equal', ` +
        `"weights" jsonb NOT NULL DEFAULT '[]', "units" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_b966a3652899015b5959d0d6ace" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_split_settings_group" ON "split_settings"  ("group_id") `);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "split" jsonb`);
    await queryRunner.query(`ALTER TABLE "transactions" ADD "split" jsonb`);
    await queryRunner.query(
      `ALTER TABLE "recurring_transactions" ADD CONSTRAINT "ck_recurring_transactions_split" CHECK ("split" IS NULL OR "type" <> 'Transfer')`,
    );
    await queryRunner.query(`ALTER TABLE "transactions" ADD CONSTRAINT "ck_transactions_split" CHECK ("split" IS NULL OR "type" <> 'Transfer')`);
    await queryRunner.query(
      `ALTER TABLE "settlements" ADD CONSTRAINT "FK_6c8f4669439022b4a709819e975" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "split_settings" ADD CONSTRAINT "FK_48dbd9be64c531e613c8aed8ef1" ` +
        `FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    // ---- the kept tables (no entities: only the triggers below write them) ----
    await queryRunner.query(
      `CREATE TABLE "transaction_shares" ("transaction_id" uuid NOT NULL, "user_id" uuid NOT NULL, "group_id" uuid NOT NULL, ` +
        `"date" date NOT NULL, "type" character varying(10) NOT NULL, "budget_account_id" uuid NOT NULL, "category_id" uuid NOT NULL, ` +
        `"paid" numeric(14,2) NOT NULL, "share" numeric(14,2) NOT NULL, ` +
        `CONSTRAINT "pk_transaction_shares" PRIMARY KEY ("transaction_id", "user_id"), ` +
        `CONSTRAINT "fk_transaction_shares_transaction" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE, ` +
        `CONSTRAINT "fk_transaction_shares_group" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE)`,
    );
    // a member's shares in date order (read backwards: an explanation's newest first), and counted index-only
    await queryRunner.query(`CREATE INDEX "ix_transaction_shares_member" ON "transaction_shares" ("group_id", "user_id", "date", "transaction_id")`);
    await queryRunner.query(
      `CREATE TABLE "member_day_balances" ("group_id" uuid NOT NULL, "user_id" uuid NOT NULL, "date" date NOT NULL, ` +
        `"paid" numeric(18,2) NOT NULL, "share" numeric(18,2) NOT NULL, "sent" numeric(18,2) NOT NULL, "received" numeric(18,2) NOT NULL, ` +
        `CONSTRAINT "pk_member_day_balances" PRIMARY KEY ("group_id", "user_id", "date"), ` +
        `CONSTRAINT "fk_member_day_balances_group" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "member_day_sums" ("group_id" uuid NOT NULL, "date" date NOT NULL, "user_id" uuid NOT NULL, "budget_account_id" uuid NOT NULL, ` +
        `"category_id" uuid NOT NULL, "type" character varying(10) NOT NULL, "paid" numeric(18,2) NOT NULL, "share" numeric(18,2) NOT NULL, ` +
        `"count" integer NOT NULL, ` +
        `CONSTRAINT "pk_member_day_sums" PRIMARY KEY ("group_id", "date", "user_id", "budget_account_id", "category_id", "type"), ` +
        `CONSTRAINT "fk_member_day_sums_group" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE)`,
    );

    // a transaction's split → its shares (a row per member: the sums of its paidBy and owed amounts)
    const sharesOf = (rows: string, where: string) => `
      INSERT INTO transaction_shares (transaction_id, user_id, group_id, date, type, budget_account_id, category_id, paid, share)
      SELECT n.id, p.user_id, n.group_id, n.date, n.type, n.budget_account_id, n.category_id, SUM(p.paid), SUM(p.share)
        FROM ${rows}
        CROSS JOIN LATERAL (
          SELECT (e->>'userId')::uuid AS user_id, (e->>'amount')::numeric AS paid, 0::numeric AS share FROM jsonb_array_elements(n.split->'paidBy') e
          UNION ALL
          SELECT (e->>'userId')::uuid, 0::numeric, (e->>'amount')::numeric FROM jsonb_array_elements(n.split->'owed') e) p
       WHERE ${where}
       GROUP BY n.id, p.user_id, n.group_id, n.date, n.type, n.budget_account_id, n.category_id
       ORDER BY n.id, p.user_id;`;
    const changed =
      `(o.split, o.date, o.type, o.budget_account_id, o.category_id, o.group_id) ` +
      `IS DISTINCT FROM (n.split, n.date, n.type, n.budget_account_id, n.category_id, n.group_id)`;
    await queryRunner.query(`CREATE FUNCTION "transaction_shares_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${sharesOf('new_rows n', 'n.split IS NOT NULL')}
        RETURN NULL;
      END $$`);
    // an update rewrites the shares of the rows whose split, day, type, account or category changed
    await queryRunner.query(`CREATE FUNCTION "transaction_shares_update"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM transaction_shares s USING old_rows o JOIN new_rows n ON n.id = o.id
         WHERE s.transaction_id = o.id AND o.split IS NOT NULL AND ${changed};
        ${sharesOf('new_rows n JOIN old_rows o ON o.id = n.id', `n.split IS NOT NULL AND ${changed}`)}
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "transactions_shares_insert" AFTER INSERT ON "transactions" ` +
        `REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_shares_insert"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_shares_update" AFTER UPDATE ON "transactions" ` +
        `REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_shares_update"()`,
    );
    // (a deleted transaction's shares go with it: ON DELETE CASCADE, whose deletes fire the shares' triggers)

    // shares → the members' day balances (an Income signed negative) and day sums
    const signed = (column: string) => `SUM(CASE WHEN type = 'Income' THEN -${column} ELSE ${column} END)`;
    await queryRunner.query(`CREATE FUNCTION "member_sums_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO member_day_balances AS b (group_id, user_id, date, paid, share, sent, received)
          SELECT group_id, user_id, date, ${signed('paid')}, ${signed('share')}, 0, 0 FROM new_rows
           GROUP BY group_id, user_id, date ORDER BY group_id, user_id, date
          ON CONFLICT (group_id, user_id, date) DO UPDATE SET paid = b.paid + EXCLUDED.paid, share = b.share + EXCLUDED.share;
        INSERT INTO member_day_sums AS m (group_id, date, user_id, budget_account_id, category_id, type, paid, share, count)
          SELECT group_id, date, user_id, budget_account_id, category_id, type, SUM(paid), SUM(share), count(*) FROM new_rows
           GROUP BY group_id, date, user_id, budget_account_id, category_id, type
           ORDER BY group_id, date, user_id, budget_account_id, category_id, type
          ON CONFLICT (group_id, date, user_id, budget_account_id, category_id, type)
          DO UPDATE SET paid = m.paid + EXCLUDED.paid, share = m.share + EXCLUDED.share, count = m.count + EXCLUDED.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "member_sums_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE member_day_balances AS b SET paid = b.paid - o.paid, share = b.share - o.share
          FROM (SELECT group_id, user_id, date, ${signed('paid')} AS paid, ${signed('share')} AS share FROM old_rows
                 GROUP BY group_id, user_id, date) o
         WHERE b.group_id = o.group_id AND b.user_id = o.user_id AND b.date = o.date;
        UPDATE member_day_sums AS m SET paid = m.paid - o.paid, share = m.share - o.share, count = m.count - o.n
          FROM (SELECT group_id, date, user_id, budget_account_id, category_id, type, SUM(paid) AS paid, SUM(share) AS share, count(*) AS n
                  FROM old_rows GROUP BY group_id, date, user_id, budget_account_id, category_id, type) o
         WHERE m.group_id = o.group_id AND m.date = o.date AND m.user_id = o.user_id AND m.budget_account_id = o.budget_account_id
           AND m.category_id = o.category_id AND m.type = o.type;
        RETURN NULL;
      END $$`);

    // settlements → the members' day balances (sent by the payer, received by the payee)
    const moves = (rows: string) => `SELECT group_id, user_id, date, SUM(sent) AS sent, SUM(received) AS received FROM (
          SELECT group_id, from_user_id AS user_id, date, amount AS sent, 0 AS received FROM ${rows}
          UNION ALL SELECT group_id, to_user_id, date, 0, amount FROM ${rows}) r
         GROUP BY group_id, user_id, date`;
    await queryRunner.query(`CREATE FUNCTION "member_settlements_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO member_day_balances AS b (group_id, user_id, date, paid, share, sent, received)
          SELECT group_id, user_id, date, 0, 0, sent, received FROM (${moves('new_rows')}) n ORDER BY group_id, user_id, date
          ON CONFLICT (group_id, user_id, date) DO UPDATE SET sent = b.sent + EXCLUDED.sent, received = b.received + EXCLUDED.received;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "member_settlements_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE member_day_balances AS b SET sent = b.sent - o.sent, received = b.received - o.received
          FROM (${moves('old_rows')}) o
         WHERE b.group_id = o.group_id AND b.user_id = o.user_id AND b.date = o.date;
        RETURN NULL;
      END $$`);
    for (const [table, add, remove] of [
      ['transaction_shares', 'member_sums_add', 'member_sums_remove'],
      ['settlements', 'member_settlements_add', 'member_settlements_remove'],
    ]) {
      for (const [suffix, event, transition, fn] of [
        ['insert', 'INSERT', 'NEW TABLE AS new_rows', add],
        ['update_new', 'UPDATE', 'NEW TABLE AS new_rows', add],
        ['update_old', 'UPDATE', 'OLD TABLE AS old_rows', remove],
        ['delete', 'DELETE', 'OLD TABLE AS old_rows', remove],
      ]) {
        await queryRunner.query(
          `CREATE TRIGGER "${table}_sums_${suffix}" AFTER ${event} ON "${table}" REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['settlements', 'transaction_shares']) {
      for (const suffix of ['delete', 'update_old', 'update_new', 'insert']) await queryRunner.query(`DROP TRIGGER "${table}_sums_${suffix}" ON "${table}"`);
    }
    await queryRunner.query(`DROP TRIGGER "transactions_shares_update" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "transactions_shares_insert" ON "transactions"`);
    for (const fn of [
      'member_settlements_remove',
      'member_settlements_add',
      'member_sums_remove',
      'member_sums_add',
      'transaction_shares_update',
      'transaction_shares_insert',
    ]) {
      await queryRunner.query(`DROP FUNCTION "${fn}"()`);
    }
    await queryRunner.query(`DROP TABLE "member_day_sums"`);
    await queryRunner.query(`DROP TABLE "member_day_balances"`);
    await queryRunner.query(`DROP TABLE "transaction_shares"`);
    await queryRunner.query(`ALTER TABLE "split_settings" DROP CONSTRAINT "FK_48dbd9be64c531e613c8aed8ef1"`);
    await queryRunner.query(`ALTER TABLE "settlements" DROP CONSTRAINT "FK_6c8f4669439022b4a709819e975"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "ck_transactions_split"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP CONSTRAINT "ck_recurring_transactions_split"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP COLUMN "split"`);
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "split"`);
    await queryRunner.query(`DROP INDEX "public"."uq_split_settings_group"`);
    await queryRunner.query(`DROP TABLE "split_settings"`);
    await queryRunner.query(`DROP INDEX "public"."ix_settlements_group_date"`);
    await queryRunner.query(`DROP INDEX "public"."ix_settlements_from"`);
    await queryRunner.query(`DROP INDEX "public"."ix_settlements_to"`);
    await queryRunner.query(`DROP TABLE "settlements"`);
  }
}
