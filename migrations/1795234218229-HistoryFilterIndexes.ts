import { MigrationInterface, QueryRunner } from 'typeorm';

export class HistoryFilterIndexes1795234218229 implements MigrationInterface {
  name = 'HistoryFilterIndexes1795234218229';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_entity"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_group_created"`);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_entity" ON "action_histories"  ("entity_id", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_group_type_created" ON "action_histories"  ("group_id", "entity_type", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_group_created" ON "action_histories"  ("group_id", "created_date", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_group_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_group_type_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_entity"`);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_group_created" ON "action_histories" USING btree ("group_id", "created_date") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_entity" ON "action_histories" USING btree ("entity_type", "entity_id", "created_date") `);
  }
}
