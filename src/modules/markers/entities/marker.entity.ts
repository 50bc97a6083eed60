import { SearchTextColumn, SearchVectorColumn } from '../../../database/search-columns';
import { Check, Column, DeleteDateColumn, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { GroupOwnedEntity } from '../../../database/group-owned';
import { Audited } from '../../history/audited';
import { User } from '../../users/entities/user.entity';

/** A place on the group's map. Deleting moves it to the trash (`deletedDate`); a daily job purges old trash. */
@Entity('markers')
@Audited('Marker', { module: 'Map' })
@Index('ix_markers_group_date', ['groupId', 'date', 'id'])
// hand-written in the migration: partial trash indexes, the covering partial index behind
// GET /markers/locations, and the trigram indexes behind `search`
@Index('ix_markers_trash', { synchronize: false })
@Index('ix_markers_trash_age', { synchronize: false })
@Index('ix_markers_locations', { synchronize: false })
@Index('ix_markers_title_trgm', { synchronize: false })
@Index('ix_markers_description_trgm', { synchronize: false })
@Check('ck_markers_rating', `"rating" BETWEEN 1 AND 5`)
@Check('ck_markers_latitude', `"latitude" BETWEEN -90 AND 90`)
@Check('ck_markers_longitude', `"longitude" BETWEEN -180 AND 180`)
@Index('ix_markers_search_vector', { synchronize: false })
@Index('ix_markers_search_text', { synchronize: false })
@Index('ix_markers_search_title', { synchronize: false })
export class Marker extends GroupOwnedEntity {
  /** search (docs/search.md): kept by the database */
  @SearchVectorColumn()
  searchVector?: never;

  @SearchTextColumn()
  searchText?: never;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  /** A calendar date, `YYYY-MM-DD`. */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'smallint', default: 5 })
  rating: number;

  /** Sanitised HTML (see description-sanitizer.ts); never stored unsanitised. */
  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by' })
  creator?: User | null;

  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deletedDate: Date | null;
}
