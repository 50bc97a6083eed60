import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live changes (docs/live.md): the replay of a resume reads a group's rows through an index that
 * starts with the group (and the administration rows through their own), and the open streams of
 * every instance are counted in `live_streams` (without Redis) so the streams-per-user limit holds
 * across instances. `hearth_live_open` registers a stream and ends the user's oldest beyond the limit:
 * serialised per user (an advisory lock for the transaction), each ended stream announced on
 * `hearth_access` as `stream:<id>` (delivered at commit, to whichever instance holds it).
 */
export class LiveReplayAndStreams1795774846584 implements MigrationInterface {
  name = 'LiveReplayAndStreams1795774846584';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "live_streams" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), ` +
        `"expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_33ffe1dff05e56f4381fe715c6d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_live_streams_user_opened" ON "live_streams"  ("user_id", "opened_at") `);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_admin_cursor" ON "action_histories"  ("tx", "seq") WHERE admin_only`);
    await queryRunner.query(`CREATE INDEX "ix_action_histories_group_cursor" ON "action_histories"  ("group_id", "tx", "seq") `);
    await queryRunner.query(
      `CREATE FUNCTION hearth_live_open(stream uuid, owner uuid, expires timestamptz, most int) ` +
        `RETURNS SETOF uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ended uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('hearth-live-streams'), hashtext(owner::text));
  DELETE FROM live_streams WHERE user_id = owner AND expires_at <= now();
  INSERT INTO live_streams (id, user_id, expires_at) VALUES (stream, owner, expires);
  FOR ended IN
    DELETE FROM live_streams WHERE id IN (SELECT id FROM live_streams WHERE user_id = owner ORDER BY opened_at DESC, id DESC OFFSET most) RETURNING id
  LOOP
    PERFORM pg_notify('hearth_access', 'stream:' || ended);
    RETURN NEXT ended;
  END LOOP;
END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION hearth_live_open(uuid, uuid, timestamptz, int)`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_group_cursor"`);
    await queryRunner.query(`DROP INDEX "public"."ix_action_histories_admin_cursor"`);
    await queryRunner.query(`DROP INDEX "public"."ix_live_streams_user_opened"`);
    await queryRunner.query(`DROP TABLE "live_streams"`);
  }
}
