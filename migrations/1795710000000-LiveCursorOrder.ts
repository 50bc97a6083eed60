import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live cursors that a long transaction cannot pass (docs/live.md, Cursors): each history row keeps
 * the id of the transaction that wrote it (`tx`), and rows are ordered by (tx, seq). Transaction ids
 * are handed out as transactions begin to write, so every row a still-running transaction may
 * commit later sorts after that transaction's id; the notification carries the oldest *other*
 * transaction of this database running as the row is written (`horizon`), so a live event's cursor
 * never passes it. Rows written before keep tx 0 (all committed). The trigger now runs once per
 * statement (that look-up once per statement, not per row) and notifies each row in order.
 */
export class LiveCursorOrder1795710000000 implements MigrationInterface {
  name = 'LiveCursorOrder1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // a constant default first: existing rows are not rewritten
    await queryRunner.query(`ALTER TABLE "action_histories" ADD "tx" bigint NOT NULL DEFAULT 0`);
    // the transaction's id as a bigint (xid8 holds the epoch too, so it never wraps around)
    await queryRunner.query(`CREATE FUNCTION hearth_current_tx() RETURNS bigint LANGUAGE sql VOLATILE AS $$ SELECT pg_current_xact_id()::text::bigint $$`);
    await queryRunner.query(`ALTER TABLE "action_histories" ALTER COLUMN "tx" SET DEFAULT hearth_current_tx()`);
    await queryRunner.query(`DROP INDEX "public"."uq_action_histories_seq"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_action_histories_cursor" ON "action_histories" ("tx", "seq") `);
    await queryRunner.query(`DROP TRIGGER action_histories_notify ON action_histories`);
    // The oldest transaction of this database, other than the caller's, that is running now (null: none), as a
    // 64-bit id: only this database's transactions can write its history, so the others in the cluster do not
    // hold cursors back. Read from the server's activity (cleared first: it is otherwise kept for the whole
    // transaction) after the caller's own id was handed out, so a running one is never missed.
    await queryRunner.query(`CREATE FUNCTION hearth_oldest_running() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ref bigint := pg_snapshot_xmax(pg_current_snapshot())::text::bigint;
  db oid := (SELECT oid FROM pg_database WHERE datname = current_database());
  oldest bigint;
BEGIN
  PERFORM pg_stat_clear_snapshot();
  -- running ids are 32-bit here: made 64-bit by their distance to ref (always within 2^31)
  SELECT min(ref + ((x::text::bigint - (ref & 4294967295) + 2147483648) % 4294967296 + 4294967296) % 4294967296 - 2147483648) INTO oldest
    FROM (SELECT a.backend_xid AS x FROM pg_stat_get_activity(NULL) AS a WHERE a.backend_xid IS NOT NULL AND a.pid <> pg_backend_pid() AND a.datid = db
          UNION ALL
          SELECT p.transaction FROM pg_prepared_xact() AS p WHERE p.dbid = db) AS running;
  RETURN oldest;
END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION hearth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  horizon text := coalesce(hearth_oldest_running(), hearth_current_tx())::text;
BEGIN
  PERFORM pg_notify('hearth_changes', json_build_object(
    'tx', r.tx::text, 'seq', r.seq::text, 'horizon', horizon, 'groupId', r.group_id, 'adminOnly', r.admin_only,
    'privateToUserId', r.private_to_user_id, 'entityType', r.entity_type, 'entityId', r.entity_id, 'parentId', r.parent_id,
    'action', r.action, 'userId', r.user_id, 'at', r.created_date)::text)
  FROM (SELECT * FROM new_rows ORDER BY seq) AS r;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER action_histories_notify AFTER INSERT ON action_histories ` +
        `REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hearth_notify_change()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER action_histories_notify ON action_histories`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION hearth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hearth_changes', json_build_object(
    'seq', NEW.seq::text, 'groupId', NEW.group_id, 'adminOnly', NEW.admin_only, 'privateToUserId', NEW.private_to_user_id,
    'entityType', NEW.entity_type, 'entityId', NEW.entity_id, 'parentId', NEW.parent_id, 'action', NEW.action,
    'userId', NEW.user_id, 'at', NEW.created_date)::text);
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE TRIGGER action_histories_notify AFTER INSERT ON action_histories FOR EACH ROW EXECUTE FUNCTION hearth_notify_change()`);
    await queryRunner.query(`DROP INDEX "public"."uq_action_histories_cursor"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_action_histories_seq" ON "action_histories" ("seq") `);
    await queryRunner.query(`ALTER TABLE "action_histories" DROP COLUMN "tx"`);
    await queryRunner.query(`DROP FUNCTION hearth_oldest_running()`);
    await queryRunner.query(`DROP FUNCTION hearth_current_tx()`);
  }
}
