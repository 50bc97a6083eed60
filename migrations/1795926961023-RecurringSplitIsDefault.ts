import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a recurring rule's split was taken from the group's default (docs/budget.md, "Group
 * defaults and units"): its occurrences then drop the members who have left the group since. Rules
 * made before cannot tell and keep their split as it is (false).
 */
export class RecurringSplitIsDefault1795926961023 implements MigrationInterface {
  name = 'RecurringSplitIsDefault1795926961023';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "recurring_transactions" ADD "split_is_default" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "recurring_transactions" DROP COLUMN "split_is_default"`);
  }
}
