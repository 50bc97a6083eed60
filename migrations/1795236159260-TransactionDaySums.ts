import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Income and expense summed per group, day, account, category and type, kept exact by
 * statement-level triggers in the same transaction as every insert, update and delete of a
 * transaction (like transaction_day_counts). Reports read a year as a few thousand of these rows
 * instead of every transaction. Transfers move money between accounts and are not reported, so
 * they are not summed here. No entity on purpose: nothing but these triggers writes it.
 */
export class TransactionDaySums1795236159260 implements MigrationInterface {
  name = 'TransactionDaySums1795236159260';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transaction_day_sums" ("group_id" uuid NOT NULL, "date" date NOT NULL, "budget_account_id" uuid NOT NULL, ` +
        `"category_id" uuid NOT NULL, "type" character varying(10) NOT NULL, "amount" numeric(18,2) NOT NULL, "count" integer NOT NULL, ` +
        `CONSTRAINT "pk_transaction_day_sums" PRIMARY KEY ("group_id", "date", "budget_account_id", "category_id", "type"))`,
    );
    await queryRunner.query(`CREATE FUNCTION "transaction_day_sums_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO transaction_day_sums AS s (group_id, date, budget_account_id, category_id, type, amount, count)
          SELECT group_id, date, budget_account_id, category_id, type, SUM(amount), count(*)
            FROM new_rows WHERE type <> 'Transfer'
           GROUP BY group_id, date, budget_account_id, category_id, type
           ORDER BY group_id, date, budget_account_id, category_id, type
          ON CONFLICT (group_id, date, budget_account_id, category_id, type)
          DO UPDATE SET amount = s.amount + EXCLUDED.amount, count = s.count + EXCLUDED.count;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "transaction_day_sums_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE transaction_day_sums AS s SET amount = s.amount - o.amount, count = s.count - o.n
          FROM (SELECT group_id, date, budget_account_id, category_id, type, SUM(amount) AS amount, count(*) AS n
                  FROM old_rows WHERE type <> 'Transfer'
                 GROUP BY group_id, date, budget_account_id, category_id, type) o
         WHERE s.group_id = o.group_id AND s.date = o.date AND s.budget_account_id = o.budget_account_id
           AND s.category_id = o.category_id AND s.type = o.type;
        RETURN NULL;
      END $$`);
    for (const [name, event, table, fn] of [
      ['transactions_sums_insert', 'INSERT', 'NEW TABLE AS new_rows', 'transaction_day_sums_add'],
      ['transactions_sums_update_new', 'UPDATE', 'NEW TABLE AS new_rows', 'transaction_day_sums_add'],
      ['transactions_sums_update_old', 'UPDATE', 'OLD TABLE AS old_rows', 'transaction_day_sums_remove'],
      ['transactions_sums_delete', 'DELETE', 'OLD TABLE AS old_rows', 'transaction_day_sums_remove'],
    ]) {
      await queryRunner.query(`CREATE TRIGGER "${name}" AFTER ${event} ON "transactions" REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`);
    }
    // rows written before this migration
    await queryRunner.query(`INSERT INTO transaction_day_sums (group_id, date, budget_account_id, category_id, type, amount, count)
      SELECT group_id, date, budget_account_id, category_id, type, SUM(amount), count(*)
        FROM transactions WHERE type <> 'Transfer'
       GROUP BY group_id, date, budget_account_id, category_id, type`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['transactions_sums_delete', 'transactions_sums_update_old', 'transactions_sums_update_new', 'transactions_sums_insert']) {
      await queryRunner.query(`DROP TRIGGER "${name}" ON "transactions"`);
    }
    await queryRunner.query(`DROP FUNCTION "transaction_day_sums_remove"()`);
    await queryRunner.query(`DROP FUNCTION "transaction_day_sums_add"()`);
    await queryRunner.query(`DROP TABLE "transaction_day_sums"`);
  }
}
