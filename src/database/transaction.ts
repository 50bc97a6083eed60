import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

/** Runs `work` in one transaction: every row it writes commits together or not at all. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction('READ COMMITTED', work);
}

/** The transaction of the unit of work running now (in this async context), if any. */
const running = new AsyncLocalStorage<EntityManager>();

/** The EntityManager of the unit of work running now, or undefined outside one. */
export function currentTransaction(): EntityManager | undefined {
  return running.getStore();
}

/**
 * How a service opens a transaction without seeing the `DataSource`. The unit of work carries its
 * transaction: while `work` runs, every repository call made from it runs in that transaction
 * (`manager` below, and `Sql`'s statements), so nothing needs to be passed down. `work` still
 * receives the `EntityManager`, for repositories that take it explicitly.
 */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The manager outside any transaction: for a single read a repository takes a manager for. */
  get noTransaction(): EntityManager {
    return this.dataSource.manager;
  }

  /** The current unit of work's transaction, or, outside one, the manager on the pool. */
  get manager(): EntityManager {
    return running.getStore() ?? this.dataSource.manager;
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, (manager) => running.run(manager, () => work(manager)));
  }

  /**
   * Runs `work` in the unit of work running now when there is one (its rows commit with the
   * caller's, or not at all), else in one of its own: a service step that is its own change when
   * called alone and one part of a larger change when an adapter composes several (a CalDAV PUT).
   */
  join<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = running.getStore();
    return current ? work(current) : this.run(work);
  }
}

/**
 * Runs `work` inside a savepoint of the transaction `manager` holds: when `work` throws, what it
 * wrote is undone and the error is rethrown, and the transaction goes on (one failing part of a
 * batch does not take the rest with it). Savepoints nest: each call has its own name.
 */
let savepoints = 0;
export async function inSavepoint<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  const name = `sp_${++savepoints}`;
  await manager.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}
