import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money already in a budget account when it was set up. The balance read is
 * opening_balance + the trigger-kept sum of the account's transactions (budget_account_balances), so
 * the triggers stay as they are and a changed opening balance moves the balance at once. Existing
 * accounts start at 0.00: their balances do not change.
 */
export class BudgetAccountOpeningBalance1795703516271 implements MigrationInterface {
  name = 'BudgetAccountOpeningBalance1795703516271';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "budget_accounts" ADD "opening_balance" numeric(14,2) NOT NULL DEFAULT '0'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "budget_accounts" DROP COLUMN "opening_balance"`);
  }
}
