import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A push subscription ends with its session however the session ends: removed sessions (expired or
 * revoked ones, by housekeeping) now take their subscriptions with them instead of leaving them
 * without a session. Subscriptions already left without one belong to no device that is signed in
 * any more, and go.
 */
export class PushSubscriptionsEndWithSession1795927522490 implements MigrationInterface {
  name = 'PushSubscriptionsEndWithSession1795927522490';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_d1de1cf3978af9932b61f122913"`);
    await queryRunner.query(`DELETE FROM "push_subscriptions" WHERE "session_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" ALTER COLUMN "session_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_d1de1cf3978af9932b61f122913" ` +
        `FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_d1de1cf3978af9932b61f122913"`);
    await queryRunner.query(`ALTER TABLE "push_subscriptions" ALTER COLUMN "session_id" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_d1de1cf3978af9932b61f122913" ` +
        `FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }
}
