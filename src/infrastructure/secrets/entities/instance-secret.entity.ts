import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Keys generated once per installation (JWT and ALTCHA keys when not configured, the local storage
 * URL key) and shared by every instance on the database. Never exposed through the API.
 */
@Entity('instance_secrets')
export class InstanceSecret {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'text' })
  value: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdDate: Date;
}
