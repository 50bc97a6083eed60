import { Column } from 'typeorm';

/*
 * The two columns a searched table carries (docs/search.md), declared on its entity so the schema
 * has no drift. The migration `Search`'s row trigger writes them; the application never reads or
 * writes them through TypeORM (the search statements read them).
 */

/** German and English stems without accents, the title weighted A and the rest B (GIN index). */
export const SearchVectorColumn = (): PropertyDecorator => Column({ type: 'tsvector', nullable: true, select: false, insert: false, update: false });

/** The searched text lower-cased without accents, for parts of words and typos (GIN trigram index). */
export const SearchTextColumn = (): PropertyDecorator => Column({ type: 'text', nullable: true, select: false, insert: false, update: false });
