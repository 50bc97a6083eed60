import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each history row's entity was called when the change was made: written for
 * new rows by the history subscriber; rows written before keep null (nothing is guessed for them).
 * Nullable columns without a default: adding them rewrites nothing.
 */
export class HistoryLabels1795705272368 implements MigrationInterface {
  name = 'HistoryLabels1795705272368';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "action_histories" ADD "entity_label" character varying(200)`);
    await queryRunner.query(`ALTER TABLE "action_histories" ADD "parent_label" character varying(200)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "action_histories" DROP COLUMN "parent_label"`);
    await queryRunner.query(`ALTER TABLE "action_histories" DROP COLUMN "entity_label"`);
  }
}
