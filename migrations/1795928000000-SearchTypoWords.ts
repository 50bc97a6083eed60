import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Typos in every searched text (docs/search.md, "Typos"): each group's words, kept in `search_words`
 * as they are written (notes' titles and texts, list items, places' names, descriptions and
 * addresses, transactions' descriptions), are where a typed word's close words are looked up (a
 * trigram index over a few thousand words, not over a million texts); the search then finds those
 * words through the stems' indexes as it finds any word. A word is only ever added (a word no longer
 * written anywhere finds nothing, as a word that never was): words of 4 to 40 letters without digits,
 * each once per group (two writers adding the same new word at the same moment may both add it).
 */
const TABLES = ['notes', 'note_items', 'markers', 'transactions'];

/** The new words of `rows` (a transition table of one of TABLES), added to search_words. */
const ADD_WORDS = (rows: string) => `INSERT INTO search_words (group_id, word)
  SELECT DISTINCT r.group_id, w
    FROM ${rows} r, regexp_split_to_table(r.search_text, '[^[:alnum:]]+') AS w
   WHERE r.group_id IS NOT NULL AND length(w) BETWEEN 4 AND 40 AND w !~ '[[:digit:]]'
     AND NOT EXISTS (SELECT FROM search_words s WHERE s.group_id = r.group_id AND s.word = w)`;

export class SearchTypoWords1795928000000 implements MigrationInterface {
  name = 'SearchTypoWords1795928000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "search_words" (
      "group_id" uuid NOT NULL REFERENCES "groups" ("id") ON DELETE CASCADE,
      "word" text NOT NULL)`);
    await queryRunner.query(`CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_WORDS('new_rows')};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION search_words_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_WORDS('(SELECT n.group_id, n.search_text FROM new_rows n JOIN old_rows o USING (id) WHERE n.search_text IS DISTINCT FROM o.search_text)')};
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      // one statement per INSERT (an import of 10 000 rows adds its words at once); an UPDATE adds the words of the rows whose text it changed
      await queryRunner.query(
        `CREATE TRIGGER "${table}_search_words_insert" AFTER INSERT ON "${table}" ` +
          `REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_search_words_update" AFTER UPDATE ON "${table}" ` +
          `REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_change()`,
      );
    }
    await queryRunner.query(`CREATE TEMPORARY TABLE search_words_all (group_id uuid, search_text text)`);
    for (const table of TABLES) await queryRunner.query(`INSERT INTO search_words_all SELECT DISTINCT group_id, search_text FROM "${table}"`);
    await queryRunner.query(ADD_WORDS('search_words_all'));
    await queryRunner.query(`DROP TABLE search_words_all`);
    await queryRunner.query(`CREATE INDEX "ix_search_words_group_word" ON "search_words" ("group_id", "word")`);
    await queryRunner.query(`CREATE INDEX "ix_search_words_trigrams" ON "search_words" USING gin ("group_id", "word" gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER "${table}_search_words_insert" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_search_words_update" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION search_words_change()`);
    await queryRunner.query(`DROP FUNCTION search_words_add()`);
    await queryRunner.query(`DROP TABLE "search_words"`);
  }
}
