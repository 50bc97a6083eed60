import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search at a million rows, notes and places (docs/search.md, docs/performance.md): the same steps
 * as `SearchGroupIndexes` took for list items and transactions.
 * - The GIN indexes of `search_vector` and `search_text` on notes and markers are led by `group_id`
 *   (`btree_gin`): a word's bitmap holds the group's rows only.
 * - Notes get `(group_id, updated_date, id)` in place of `(group_id)`: the newest matches of a common
 *   word ("creme" in a tenth of 10 000 notes) are read in order until enough are found (1 ms), instead
 *   of every note of the group being read, tested and sorted (6–20 ms). The index serves the group's
 *   other lookups as the old one did.
 */
const GROUPED = ['notes', 'markers'];

export class SearchNotesPlacesIndexes1795778000000 implements MigrationInterface {
  name = 'SearchNotesPlacesIndexes1795778000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    for (const table of GROUPED) {
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_vector"`);
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_text"`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_vector" ON "${table}" USING gin ("group_id", "search_vector")`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_text" ON "${table}" USING gin ("group_id", "search_text" gin_trgm_ops)`);
    }
    await queryRunner.query(`DROP INDEX "public"."ix_notes_group_id"`);
    await queryRunner.query(`CREATE INDEX "ix_notes_group_updated" ON "notes" ("group_id", "updated_date", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_notes_group_updated"`);
    await queryRunner.query(`CREATE INDEX "ix_notes_group_id" ON "notes" ("group_id") `);
    for (const table of [...GROUPED].reverse()) {
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_text"`);
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_vector"`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_vector" ON "${table}" USING gin ("search_vector")`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_text" ON "${table}" USING gin ("search_text" gin_trgm_ops)`);
    }
  }
}
