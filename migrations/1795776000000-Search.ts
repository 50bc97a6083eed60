import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search over notes, note items, places and transactions (docs/search.md). Each searched table gets
 * two columns kept by a row trigger in the same statement as every change of its text:
 * - `search_vector`: the words of its text in German and in English (both stems side by side, so a
 *   group's language needs no setting), accents removed, the title weighted A and the rest B;
 * - `search_text`: the same text lower-cased without accents, for parts of words and typos (pg_trgm).
 * Each column has a GIN index. `unaccent` is STABLE (its dictionary can be changed), so it is wrapped
 * in an IMMUTABLE function naming the dictionary, as its documentation suggests for indexes.
 */
const TABLES: { table: string; title: string; body: string; watched: string[] }[] = [
  { table: 'notes', title: 'NEW.title', body: 'NEW.content', watched: ['title', 'content'] },
  { table: 'note_items', title: 'NEW.text', body: 'NULL', watched: ['text'] },
  // a place's description is sanitised HTML: its tags and entities are not words
  {
    table: 'markers',
    title: 'NEW.title',
    body: "concat_ws(' ', search_html_text(NEW.description), NEW.address)",
    watched: ['title', 'description', 'address'],
  },
  { table: 'transactions', title: 'NEW.description', body: 'NULL', watched: ['description'] },
];

/** Tables whose title is not all of their searched text. */
const TITLED = ['notes', 'markers'];

export class Search1795776000000 implements MigrationInterface {
  name = 'Search1795776000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // trusted extensions from contrib (no superuser needed since PostgreSQL 13); both exist already
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    for (const [name, language] of [
      ['hearth_german', 'german'],
      ['hearth_english', 'english'],
    ]) {
      await queryRunner.query(`CREATE TEXT SEARCH CONFIGURATION public.${name} (COPY = pg_catalog.${language})`);
      await queryRunner.query(
        `ALTER TEXT SEARCH CONFIGURATION public.${name} ` + `ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, ${language}_stem`,
      );
    }
    await queryRunner.query(`CREATE FUNCTION public.search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`);
    await queryRunner.query(`CREATE FUNCTION public.search_html_text(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT replace(replace(replace(replace(replace(replace(regexp_replace($1, '<[^>]*>', ' ', 'g'),
        '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&') $$`);
    await queryRunner.query(`CREATE FUNCTION public.search_document(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT setweight(to_tsvector('public.hearth_german'::regconfig, coalesce(title, '')), 'A')
                || setweight(to_tsvector('public.hearth_english'::regconfig, coalesce(title, '')), 'A')
                || setweight(to_tsvector('public.hearth_german'::regconfig, coalesce(body, '')), 'B')
                || setweight(to_tsvector('public.hearth_english'::regconfig, coalesce(body, '')), 'B') $$`);
    for (const { table, title, body, watched } of TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "search_vector" tsvector, ADD "search_text" text`);
      await queryRunner.query(`CREATE FUNCTION "${table}_search"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.search_vector := search_document(${title}, ${body});
          NEW.search_text := coalesce(search_fold(concat_ws(' ', ${title}, ${body})), '');
          RETURN NEW;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_search" BEFORE INSERT OR UPDATE OF ${watched.map((c) => `"${c}"`).join(', ')} ` +
          `ON "${table}" FOR EACH ROW EXECUTE FUNCTION "${table}_search"()`,
      );
      // the rows already there: the trigger fires on an update of a watched column
      await queryRunner.query(`UPDATE "${table}" SET "${watched[0]}" = "${watched[0]}"`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_vector" ON "${table}" USING gin ("search_vector")`);
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_text" ON "${table}" USING gin ("search_text" gin_trgm_ops)`);
    }
    // typos are looked for in titles; a list item's and a transaction's search_text is their title already
    for (const table of TITLED) {
      await queryRunner.query(`CREATE INDEX "ix_${table}_search_title" ON "${table}" USING gin (search_fold("title") gin_trgm_ops)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TITLED) await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_title"`);
    for (const { table } of [...TABLES].reverse()) {
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_text"`);
      await queryRunner.query(`DROP INDEX "public"."ix_${table}_search_vector"`);
      await queryRunner.query(`DROP TRIGGER "${table}_search" ON "${table}"`);
      await queryRunner.query(`DROP FUNCTION "${table}_search"()`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "search_text", DROP COLUMN "search_vector"`);
    }
    await queryRunner.query(`DROP FUNCTION public.search_document(text, text)`);
    await queryRunner.query(`DROP FUNCTION public.search_html_text(text)`);
    await queryRunner.query(`DROP FUNCTION public.search_fold(text)`);
    await queryRunner.query(`DROP TEXT SEARCH CONFIGURATION public.hearth_english`);
    await queryRunner.query(`DROP TEXT SEARCH CONFIGURATION public.hearth_german`);
  }
}
