import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each budget account's balance (income − expense − transfers out + transfers in), kept exact by
 * statement-level triggers in the same transaction as every insert, update and delete of a
 * transaction, so listing accounts does not sum every transaction. Removal only updates existing
 * rows: a cascade that already removed the account's row leaves nothing to fix. No entity on
 * purpose: nothing but these triggers writes it.
 */
export class BudgetAccountBalances1795238391160 implements MigrationInterface {
  name = 'BudgetAccountBalances1795238391160';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "budget_account_balances" ("budget_account_id" uuid NOT NULL, "balance" numeric(18,2) NOT NULL, ` +
        `CONSTRAINT "pk_budget_account_balances" PRIMARY KEY ("budget_account_id"), ` +
        `CONSTRAINT "fk_budget_account_balances_account" FOREIGN KEY ("budget_account_id") REFERENCES "budget_accounts"("id") ON DELETE CASCADE)`,
    );
    // what each row does to balances: its own account, and the target account of a transfer
    const deltas = (rows: string) => `
      SELECT budget_account_id AS account_id, CASE WHEN type = 'Income' THEN amount ELSE -amount END AS delta FROM ${rows}
      UNION ALL
      SELECT target_budget_account_id, amount FROM ${rows} WHERE target_budget_account_id IS NOT NULL`;
    await queryRunner.query(`CREATE FUNCTION "budget_account_balances_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO budget_account_balances AS b (budget_account_id, balance)
          SELECT account_id, SUM(delta) FROM (${deltas('new_rows')}) d GROUP BY account_id ORDER BY account_id
          ON CONFLICT (budget_account_id) DO UPDATE SET balance = b.balance + EXCLUDED.balance;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "budget_account_balances_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE budget_account_balances AS b SET balance = b.balance - d.delta
          FROM (SELECT account_id, SUM(delta) AS delta FROM (${deltas('old_rows')}) x GROUP BY account_id) d
         WHERE b.budget_account_id = d.account_id;
        RETURN NULL;
      END $$`);
    for (const [name, event, table, fn] of [
      ['transactions_balances_insert', 'INSERT', 'NEW TABLE AS new_rows', 'budget_account_balances_add'],
      ['transactions_balances_update_old', 'UPDATE', 'OLD TABLE AS old_rows', 'budget_account_balances_remove'],
      ['transactions_balances_update_new', 'UPDATE', 'NEW TABLE AS new_rows', 'budget_account_balances_add'],
      ['transactions_balances_delete', 'DELETE', 'OLD TABLE AS old_rows', 'budget_account_balances_remove'],
    ]) {
      await queryRunner.query(`CREATE TRIGGER "${name}" AFTER ${event} ON "transactions" REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`);
    }
    // transactions written before this migration
    await queryRunner.query(`INSERT INTO budget_account_balances (budget_account_id, balance)
      SELECT account_id, SUM(delta) FROM (${deltas('transactions')}) d GROUP BY account_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'transactions_balances_delete',
      'transactions_balances_update_new',
      'transactions_balances_update_old',
      'transactions_balances_insert',
    ]) {
      await queryRunner.query(`DROP TRIGGER "${name}" ON "transactions"`);
    }
    await queryRunner.query(`DROP FUNCTION "budget_account_balances_remove"()`);
    await queryRunner.query(`DROP FUNCTION "budget_account_balances_add"()`);
    await queryRunner.query(`DROP TABLE "budget_account_balances"`);
  }
}
