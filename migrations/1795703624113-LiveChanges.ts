import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live changes (docs/live.md): every history row gets its place in the order of all rows (`seq`,
 * the cursor of events) and its parent; after commit, PostgreSQL notifies every listening instance
 * of each new row (`hearth_changes`) and of each ended session or changed PermsVersion
 * (`hearth_access`), whichever code path or process made the change. NOTIFY is delivered only on
 * commit, in commit order: a rolled-back change sends nothing.
 */

export class LiveChanges1795703624113 implements MigrationInterface {
  name = 'LiveChanges1795703624113';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "action_histories" ADD "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL`);
    await queryRunner.query(`ALTER TABLE "action_histories" ADD "parent_id" uuid`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_action_histories_seq" ON "action_histories"  ("seq") `);
    // the parent of rows written before: an item's note and a photo's place never change, and their Created row names it
    for (const [type, field] of [
      ['NoteItem', 'noteId'],
      ['MarkerImage', 'markerId'],
    ]) {
      await queryRunner.query(
        `UPDATE action_histories h SET parent_id = (c.changes -> $2 ->> 'new')::uuid
           FROM action_histories c
          WHERE h.entity_type = $1 AND c.entity_type = $1 AND c.entity_id = h.entity_id AND c.action = 'Created' AND c.changes ? $2`,
        [type, field],
      );
    }
    await queryRunner.query(`CREATE FUNCTION hearth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hearth_changes', json_build_object(
    'seq', NEW.seq::text, 'groupId', NEW.group_id, 'adminOnly', NEW.admin_only, 'privateToUserId', NEW.private_to_user_id,
    'entityType', NEW.entity_type, 'entityId', NEW.entity_id, 'parentId', NEW.parent_id, 'action', NEW.action,
    'userId', NEW.user_id, 'at', NEW.created_date)::text);
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE TRIGGER action_histories_notify AFTER INSERT ON action_histories FOR EACH ROW EXECUTE FUNCTION hearth_notify_change()`);
    await queryRunner.query(`CREATE FUNCTION hearth_notify_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('hearth_access', 'user:' || NEW.id || ':' || NEW.perms_version);
  ELSE
    PERFORM pg_notify('hearth_access', 'session:' || OLD.id);
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER users_perms_notify AFTER UPDATE OF perms_version ON users FOR EACH ROW
         WHEN (OLD.perms_version IS DISTINCT FROM NEW.perms_version) EXECUTE FUNCTION hearth_notify_access()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_date ON sessions FOR EACH ROW
         WHEN (OLD.revoked_date IS NULL AND NEW.revoked_date IS NOT NULL) EXECUTE FUNCTION hearth_notify_access()`,
    );
    await queryRunner.query(`CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION hearth_notify_access()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER sessions_deleted_notify ON sessions`);
    await queryRunner.query(`DROP TRIGGER sessions_revoked_notify ON sessions`);
    await queryRunner.query(`DROP TRIGGER users_perms_notify ON users`);
    await queryRunner.query(`DROP FUNCTION hearth_notify_access()`);
    await queryRunner.query(`DROP TRIGGER action_histories_notify ON action_histories`);
    await queryRunner.query(`DROP FUNCTION hearth_notify_change()`);
    await queryRunner.query(`DROP INDEX "public"."uq_action_histories_seq"`);
    await queryRunner.query(`ALTER TABLE "action_histories" DROP COLUMN "parent_id"`);
    await queryRunner.query(`ALTER TABLE "action_histories" DROP COLUMN "seq"`);
  }
}
