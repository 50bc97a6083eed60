import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search at a million rows, transactions (docs/search.md, docs/performance.md): the index that
 * narrows the older rows by the trigrams of each word (the text with its stems beside it) holds the
 * stems too, so a word without a trigram (fewer than three letters: "dm") is intersected with the
 * other words inside the same index scan. Before, "dm abschlag strom" narrowed by "abschlag" and
 * "strom" alone (each common, always together) and tested every row that had both for "dm".
 */
const WORDS = `("search_text" || ' ' || strip("search_vector")::text) gin_trgm_ops`;

export class SearchTransactionWordsStems1795928100000 implements MigrationInterface {
  name = 'SearchTransactionWordsStems1795928100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_search_words"`);
    await queryRunner.query(`CREATE INDEX "ix_transactions_search_words" ON "transactions" USING gin ("group_id", ${WORDS}, "search_vector")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_search_words"`);
    await queryRunner.query(`CREATE INDEX "ix_transactions_search_words" ON "transactions" USING gin ("group_id", ${WORDS})`);
  }
}
