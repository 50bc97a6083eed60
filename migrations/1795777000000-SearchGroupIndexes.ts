import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search at a million rows (docs/search.md, docs/performance.md). Every search statement is scoped
 * to one group, but the word indexes of list items and transactions held every group's rows: a
 * rare word's bitmap was intersected with the group's whole date index (a million entries for a
 * family after ten years) or the other groups' rows were read from the heap and thrown away.
 * - The GIN indexes of `search_vector` and `search_text` on note_items and transactions are led by
 *   `group_id` (`btree_gin`, a trusted contrib extension): a word's bitmap holds the group's rows only.
 * - List items get `(group_id, updated_date, id)` in place of `(group_id)`: the newest matches of a
 *   common word ("milch") are read in order until enough are found, instead of every matching item
 *   of the group being read and sorted. The index serves the group's other lookups as the old one did.
 */
const GROUPED = ['note_items', 'transactions'];

export class SearchGroupIndexes1795777000000 implements MigrationInterface {
  name = 'SearchGroupIndexes1795777000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    for (const table of GROUPED) {
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_vector"`);
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_text"`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_vector" ON "${table}" USING gin ("group_id", "search_vector")`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_text" ON "${table}" USING gin ("group_id", "search_text" gin_trgm_ops)`);
    }
    await queryRunner.query(`DROP INDEX "public"."ix_note_items_group_id"`);
    await queryRunner.query(`CREATE INDEX "ix_note_items_group_updated" ON "note_items" ("group_id", "updated_date", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_note_items_group_updated"`);
    await queryRunner.query(`CREATE INDEX "ix_note_items_group_id" ON "note_items" ("group_id") `);
    for (const table of [...GROUPED].reverse()) {
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_text"`);
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_vector"`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_vector" ON "${table}" USING gin ("search_vector")`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_text" ON "${table}" USING gin ("search_text" gin_trgm_ops)`);
    }
    // btree_gin stays: another database object may have come to use it
  }
}
