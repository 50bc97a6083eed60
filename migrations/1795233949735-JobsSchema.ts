import { getConstructionPlans } from 'pg-boss';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates pg-boss's schema, so every database (the test template included) can take jobs from the
 * first request. pg-boss upgrades its own schema at start when its version moves on.
 */
export class JobsSchema1795233949735 implements MigrationInterface {
  name = 'JobsSchema1795233949735';
  // the construction plan manages its own transaction and advisory lock
  transaction = false as const;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(getConstructionPlans('pgboss'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  }
}
