import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outside calendar's last refresh error as a stable code with params beside the English
 * sentence; the sentences stored before are read back into their codes.
 */
export class SubscriptionErrorCode1795956545390 implements MigrationInterface {
  name = 'SubscriptionErrorCode1795956545390';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_subscriptions" ADD "last_error_code" character varying(40)`);
    await queryRunner.query(`ALTER TABLE "calendar_subscriptions" ADD "last_error_params" jsonb`);
    await queryRunner.query(`
      UPDATE calendar_subscriptions SET
        last_error_code = CASE
          WHEN last_error LIKE 'the address is not one this server may fetch%' THEN 'ADDRESS_REFUSED'
          WHEN last_error LIKE 'the calendar is larger than%' THEN 'TOO_LARGE'
          WHEN last_error LIKE 'no answer within%' THEN 'TIMED_OUT'
          WHEN last_error ~ '^the address answered [0-9]+$' THEN 'HTTP_STATUS'
          WHEN last_error LIKE 'the answer is not a calendar%' THEN 'NOT_A_CALENDAR'
          ELSE 'UNREACHABLE' END,
        last_error_params = CASE
          WHEN last_error LIKE 'the calendar is larger than%' THEN '{"maxMb": 5}'::jsonb
          WHEN last_error LIKE 'no answer within%' THEN '{"seconds": 10}'::jsonb
          WHEN last_error ~ '^the address answered [0-9]+$' THEN jsonb_build_object('status', substring(last_error FROM '[0-9]+$')::int)
          ELSE '{}'::jsonb END
      WHERE last_error IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_subscriptions" DROP COLUMN "last_error_params"`);
    await queryRunner.query(`ALTER TABLE "calendar_subscriptions" DROP COLUMN "last_error_code"`);
  }
}
