import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntitySubscriberInterface, InsertEvent, RecoverEvent, RemoveEvent, SoftRemoveEvent, UpdateEvent } from 'typeorm';
import { AUDITED_ENTITIES, AuditedEntity } from './audited';
import { FieldChanges, HistoryAction } from './entities/action-history.entity';
import { createdChanges, insertHistoryRow, updatedChanges } from './history-rows';

export class UnauditedWriteError extends Error {
  constructor(entityType: string, operation: string) {
    super(`${entityType} is audited: use save()/remove()/softRemove()/recover() instead of a bulk ${operation}`);
  }
}

/**
 * Writes an action-history row for every change of an @Audited entity, through the event's own
 * entity manager, so the change and its history commit or roll back together. The rows' values are
 * built in history-rows.ts.
 */
@Injectable()
export class HistorySubscriber implements EntitySubscriberInterface {
  constructor(@InjectDataSource() dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  private audited(target: unknown): AuditedEntity | undefined {
    return typeof target === 'function' ? AUDITED_ENTITIES.get(target) : undefined;
  }

  beforeUpdate(event: UpdateEvent<any>): void {
    const audit = this.audited(event.metadata.target);
    if (audit && !event.databaseEntity) throw new UnauditedWriteError(audit.entityType, 'update()');
  }

  beforeRemove(event: RemoveEvent<any>): void {
    const audit = this.audited(event.metadata.target);
    if (audit && !event.databaseEntity && !event.entity) throw new UnauditedWriteError(audit.entityType, 'delete()');
  }

  beforeSoftRemove(event: SoftRemoveEvent<any>): void {
    const audit = this.audited(event.metadata.target);
    if (audit && !event.databaseEntity && !event.entity) throw new UnauditedWriteError(audit.entityType, 'softDelete()');
  }

  beforeRecover(event: RecoverEvent<any>): void {
    const audit = this.audited(event.metadata.target);
    if (audit && !event.databaseEntity && !event.entity) throw new UnauditedWriteError(audit.entityType, 'restore()');
  }

  async afterInsert(event: InsertEvent<any>): Promise<void> {
    const audit = this.audited(event.metadata.target);
    if (!audit || !event.entity) return;
    await this.write(event.manager, audit, event.entity, 'Created', createdChanges(audit, event.metadata.columns, event.entity));
  }

  async afterUpdate(event: UpdateEvent<any>): Promise<void> {
    const audit = this.audited(event.metadata.target);
    if (!audit || !event.entity || !event.databaseEntity) return;
    const updated = new Set(event.updatedColumns.map((column) => column.propertyName));
    const changes = updatedChanges(audit, event.metadata.columns, updated, event.databaseEntity, event.entity);
    // a soft delete or restore through save() is reported by its own event
    if (Object.keys(changes).length === 0) return;
    await this.write(event.manager, audit, { ...event.databaseEntity, ...event.entity }, 'Updated', changes);
  }

  async afterRemove(event: RemoveEvent<any>): Promise<void> {
    const audit = this.audited(event.metadata.target);
    const entity = event.databaseEntity ?? event.entity;
    if (!audit || !entity) return;
    await this.write(event.manager, audit, { ...entity, id: entity.id ?? event.entityId }, 'Deleted', {});
  }

  async afterSoftRemove(event: SoftRemoveEvent<any>): Promise<void> {
    const audit = this.audited(event.metadata.target);
    const entity = event.entity ?? event.databaseEntity;
    if (!audit || !entity) return;
    await this.write(event.manager, audit, entity, 'Deleted', {});
  }

  async afterRecover(event: RecoverEvent<any>): Promise<void> {
    const audit = this.audited(event.metadata.target);
    const entity = event.entity ?? event.databaseEntity;
    if (!audit || !entity) return;
    await this.write(event.manager, audit, entity, 'Restored', {});
  }

  /**
   * save()/remove() of an array fires the after-hooks concurrently on one connection; history
   * writes are chained per query runner so they never overlap on it.
   */
  private readonly queues = new WeakMap<object, Promise<unknown>>();

  private write(manager: EntityManager, audit: AuditedEntity, entity: any, action: HistoryAction, changes: FieldChanges): Promise<void> {
    const key = manager.queryRunner ?? manager;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => insertHistoryRow(manager, audit, entity, action, changes));
    this.queues.set(key, next);
    return next;
  }
}
