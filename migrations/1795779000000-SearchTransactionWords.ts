import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search at a million rows, transactions (docs/search.md, docs/performance.md): a rare word's older
 * matches are narrowed by one trigram index over the text with its stems beside it, for all the
 * words of a query in one scan, in place of the trigram index over the text alone (which, asked
 * per word beside the stems' index, made "zahnarzt rechnung" read every "Zahnarzt" row).
 */
export class SearchTransactionWords1795779000000 implements MigrationInterface {
  name = 'SearchTransactionWords1795779000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_search_text"`);
    await queryRunner.query(
      `CREATE INDEX "ix_transactions_search_words" ON "transactions" ` +
        `USING gin ("group_id", ("search_text" || ' ' || strip("search_vector")::text) gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_transactions_search_words"`);
    await queryRunner.query(`CREATE INDEX "ix_transactions_search_text" ON "transactions" USING gin ("group_id", "search_text" gin_trgm_ops)`);
  }
}
