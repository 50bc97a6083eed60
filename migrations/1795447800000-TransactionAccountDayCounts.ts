import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transactions per budget account, day and type, kept exact by statement-level triggers in the same
 * transaction as every insert, update and delete of a transaction (like transaction_day_counts). A
 * transfer counts once for its source account and once for its target account: the list filtered
 * by an account shows both sides of a transfer. The account-filtered list reads its totalItems and
 * the day a page starts on here instead of counting the account's rows. The category-filtered list
 * does the same with transaction_day_sums (which already counts non-transfers per category), through
 * the index added below. No entity on purpose: nothing but these triggers writes the table.
 */
export class TransactionAccountDayCounts1795447800000 implements MigrationInterface {
  name = 'TransactionAccountDayCounts1795447800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transaction_account_day_counts" ("budget_account_id" uuid NOT NULL, "date" date NOT NULL, ` +
        `"type" character varying(10) NOT NULL, "count" integer NOT NULL, ` +
        `CONSTRAINT "pk_transaction_account_day_counts" PRIMARY KEY ("budget_account_id", "date", "type"), ` +
        `CONSTRAINT "fk_transaction_account_day_counts_account" FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE CASCADE)`,
    );
    // the accounts each row is listed under: its own, and a transfer's target
    const sides = (rows: string) => `
      SELECT budget_account_id AS account_id, date, type FROM ${rows}
      UNION ALL
      SELECT target_budget_account_id, date, type FROM ${rows} WHERE target_budget_account_id IS NOT NULL`;
    await queryRunner.query(`CREATE FUNCTION "transaction_account_day_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO transaction_account_day_counts AS c (budget_account_id, date, type, count)
          SELECT account_id, date, type, count(*) FROM (${sides('new_rows')}) s
           GROUP BY account_id, date, type ORDER BY account_id, date, type
          ON CONFLICT (budget_account_id, date, type) DO UPDATE SET count = c.count + EXCLUDED.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "transaction_account_day_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE transaction_account_day_counts AS c SET count = c.count - o.n
          FROM (SELECT account_id, date, type, count(*) AS n FROM (${sides('old_rows')}) s GROUP BY account_id, date, type) o
         WHERE c.budget_account_id = o.account_id AND c.date = o.date AND c.type = o.type;
        RETURN NULL;
      END $$`);
    for (const [name, event, table, fn] of [
      ['transactions_account_count_insert', 'INSERT', 'NEW TABLE AS new_rows', 'transaction_account_day_counts_add'],
      ['transactions_account_count_update_old', 'UPDATE', 'OLD TABLE AS old_rows', 'transaction_account_day_counts_remove'],
      ['transactions_account_count_update_new', 'UPDATE', 'NEW TABLE AS new_rows', 'transaction_account_day_counts_add'],
      ['transactions_account_count_delete', 'DELETE', 'OLD TABLE AS old_rows', 'transaction_account_day_counts_remove'],
    ]) {
      await queryRunner.query(`CREATE TRIGGER "${name}" AFTER ${event} ON "transactions" REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`);
    }
    // transactions written before this migration
    await queryRunner.query(`INSERT INTO transaction_account_day_counts (budget_account_id, date, type, count)
      SELECT account_id, date, type, count(*) FROM (${sides('transactions')}) s GROUP BY account_id, date, type`);
    // one category's day counts without reading the whole group's sums
    await queryRunner.query(`CREATE INDEX "ix_transaction_day_sums_category" ON "transaction_day_sums" ("category_id", "date", "type") INCLUDE ("count")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_transaction_day_sums_category"`);
    for (const name of [
      'transactions_account_count_delete',
      'transactions_account_count_update_new',
      'transactions_account_count_update_old',
      'transactions_account_count_insert',
    ]) {
      await queryRunner.query(`DROP TRIGGER "${name}" ON "transactions"`);
    }
    await queryRunner.query(`DROP FUNCTION "transaction_account_day_counts_remove"()`);
    await queryRunner.query(`DROP FUNCTION "transaction_account_day_counts_add"()`);
    await queryRunner.query(`DROP TABLE "transaction_account_day_counts"`);
  }
}
