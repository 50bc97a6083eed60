import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../../database/base.entity';
import { StoredFile } from '../../files/entities/stored-file.entity';
import { Audited } from '../../history/audited';
import { Marker } from './marker.entity';
import { markerTitle } from '../history-labels';

/**
 * An image of a marker: its place in the marker's order and the uploaded file (status, objects and
 * dimensions live in `files`). Kept while the marker is in the trash; purged with it.
 */
@Entity('marker_images')
// a photo has nothing readable of its own; its place's title is the row's parent label
@Audited('MarkerImage', {
  module: 'Map',
  parentOf: (image: MarkerImage) => image.markerId,
  label: () => null,
  parentLabel: (image: MarkerImage, manager) => markerTitle(manager, image.markerId),
})
@Index('ix_marker_images_marker_position', ['markerId', 'order'])
@Index('ix_marker_images_group_id', ['groupId'])
@Index('uq_marker_images_file_id', ['fileId'], { unique: true })
export class MarkerImage extends TimestampedEntity {
  @Column({ type: 'uuid' })
  groupId: string;

  @Column({ type: 'uuid' })
  markerId: string;

  @ManyToOne(() => Marker, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'marker_id' })
  marker?: Marker;

  @Column({ type: 'uuid' })
  fileId: string;

  // a never-confirmed upload removed by housekeeping takes its image row along
  @ManyToOne(() => StoredFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_id' })
  file?: StoredFile;

  /** Ascending sort key within the marker ("order" is an SQL keyword, hence the column name). */
  @Column({ name: 'position', type: 'integer' })
  order: number;
}
