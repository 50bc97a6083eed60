import { DataSource, EntityManager } from 'typeorm';

/** Runs `work` in one transaction: every row it writes commits together or not at all. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction('READ COMMITTED', work);
}
