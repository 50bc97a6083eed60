import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A statement that writes many history rows (a statement import: up to 2 000 a statement) is
 * announced as one notification per kind of change (docs/live.md, Bulk changes), with `count`,
 * instead of one per row: 10 000 imported transactions are a handful of events on each stream, not
 * 10 000. A kind is what decides who may see a row (group, admin-only, private to, entity type, and
 * for administration rows about a user that user) and what it says (action, user, parent). Each
 * notification's `seq` never passes a row of a kind announced after it (the cursor stays safe when
 * a client is cut between two of them). Statements of up to 100 rows still notify each row.
 */
export class LiveBulkChanges1795711000000 implements MigrationInterface {
  name = 'LiveBulkChanges1795711000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION hearth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  horizon text := coalesce(hearth_oldest_running(), hearth_current_tx())::text;
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM new_rows LIMIT 101) AS first) <= 100 THEN
    PERFORM pg_notify('hearth_changes', json_build_object(
      'tx', r.tx::text, 'seq', r.seq::text, 'horizon', horizon, 'groupId', r.group_id, 'adminOnly', r.admin_only,
      'privateToUserId', r.private_to_user_id, 'entityType', r.entity_type, 'entityId', r.entity_id, 'parentId', r.parent_id,
      'action', r.action, 'userId', r.user_id, 'at', r.created_date)::text)
    FROM (SELECT * FROM new_rows ORDER BY seq) AS r;
  ELSE
    PERFORM pg_notify('hearth_changes', json_build_object(
      'tx', k.tx::text, 'seq', least(k.last_seq, coalesce(k.next_first_seq - 1, k.last_seq))::text, 'horizon', horizon,
      'groupId', k.group_id, 'adminOnly', k.admin_only, 'privateToUserId', k.private_to_user_id, 'entityType', k.entity_type,
      'entityId', k.entity_id, 'parentId', k.parent_id, 'action', k.action, 'userId', k.user_id, 'at', k.at, 'count', k.n)::text)
    FROM (SELECT g.*, min(g.first_seq) OVER (ORDER BY g.last_seq ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) AS next_first_seq
            FROM (SELECT min(tx) AS tx, min(seq) AS first_seq, max(seq) AS last_seq, count(*) AS n, group_id, admin_only, private_to_user_id,
                         entity_type, (array_agg(entity_id ORDER BY seq DESC))[1] AS entity_id, parent_id, action, user_id, max(created_date) AS at
                    FROM new_rows
                   GROUP BY group_id, admin_only, private_to_user_id, entity_type, parent_id, action, user_id,
                            CASE WHEN admin_only AND entity_type = 'User' THEN entity_id END) AS g
           ORDER BY g.last_seq) AS k;
  END IF;
  RETURN NULL;
END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
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
  }
}
