import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** Runs `work` in one transaction: every row it writes commits together or not at all. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction('READ COMMITTED', work);
}

/**
 * How a service opens a transaction without seeing the `DataSource`: the `EntityManager` it hands
 * to `work` is passed on to the repositories, whose statements then all run in that transaction.
 */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The manager outside any transaction: for a single read a repository takes a manager for. */
  get noTransaction(): EntityManager {
    return this.dataSource.manager;
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, work);
  }
}
