import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily check of the sharing sums works one group at a time (docs/budget.md, "The daily
 * check"): every writer of a group's shared rows (a transaction with a split before or after the
 * change, a settlement) takes that group's sharing lock in shared mode before it changes the row,
 * so writers never wait for each other, and the check takes it exclusively for the one group it
 * compares and repairs, holding off that group's writers only, for its short transaction. The key
 * is `hashtextextended('sharing:' || group_id, 0)` (SHARING_GROUP_LOCK in sharing.sql.ts).
 */
export class SharingGroupLocks1795927000000 implements MigrationInterface {
  name = 'SharingGroupLocks1795927000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "sharing_group_write_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_advisory_xact_lock_shared(hashtextextended('sharing:' || OLD.group_id::text, 0));
          RETURN OLD;
        END IF;
        PERFORM pg_advisory_xact_lock_shared(hashtextextended('sharing:' || NEW.group_id::text, 0));
        IF TG_OP = 'UPDATE' AND OLD.group_id IS DISTINCT FROM NEW.group_id THEN
          PERFORM pg_advisory_xact_lock_shared(hashtextextended('sharing:' || OLD.group_id::text, 0));
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "transactions_sharing_lock_insert" BEFORE INSERT ON "transactions" ` +
        `FOR EACH ROW WHEN (NEW.split IS NOT NULL) EXECUTE FUNCTION "sharing_group_write_lock"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_sharing_lock_update" BEFORE UPDATE ON "transactions" ` +
        `FOR EACH ROW WHEN (OLD.split IS NOT NULL OR NEW.split IS NOT NULL) EXECUTE FUNCTION "sharing_group_write_lock"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "transactions_sharing_lock_delete" BEFORE DELETE ON "transactions" ` +
        `FOR EACH ROW WHEN (OLD.split IS NOT NULL) EXECUTE FUNCTION "sharing_group_write_lock"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "settlements_sharing_lock" BEFORE INSERT OR UPDATE OR DELETE ON "settlements" FOR EACH ROW EXECUTE FUNCTION "sharing_group_write_lock"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "settlements_sharing_lock" ON "settlements"`);
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER "transactions_sharing_lock_${event}" ON "transactions"`);
    await queryRunner.query(`DROP FUNCTION "sharing_group_write_lock"()`);
  }
}
