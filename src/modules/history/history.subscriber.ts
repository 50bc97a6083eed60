import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  RecoverEvent,
  RemoveEvent,
  SoftRemoveEvent,
  UpdateEvent,
} from 'typeorm';
import { newId } from '../../database/base.entity';
import { currentActor } from './actor';
import { ALWAYS_IGNORED, AUDITED_ENTITIES, AuditedEntity } from './audited';
import { ActionHistory, FieldChanges, HistoryAction } from './entities/action-history.entity';

const REDACTED = '[redacted]';

export class UnauditedWriteError extends Error {
  constructor(entityType: string, operation: string) {
    super(`${entityType} is audited: use save()/remove()/softRemove()/recover() instead of a bulk ${operation}`);
  }
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/**
 * Writes an action-history row for every change of an @Audited entity, through the event's own
 * entity manager, so the change and its history commit or roll back together.
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
    const changes: FieldChanges = {};
    const updated = new Set(event.updatedColumns.map((column) => column.propertyName));
    for (const field of auditedFields(audit, event.metadata.columns)) {
      if (!updated.has(field)) continue;
      const before = event.databaseEntity[field];
      const after = event.entity[field];
      if (same(before, after)) continue;
      changes[field] = { old: historyValue(audit, field, before), new: historyValue(audit, field, after) };
    }
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

type ColumnList = readonly { propertyName: string }[];

function auditedFields(audit: AuditedEntity, columns: ColumnList): string[] {
  const ignored = new Set([...ALWAYS_IGNORED, ...(audit.options.ignore ?? [])]);
  return columns.map((column) => column.propertyName).filter((name) => !ignored.has(name) && name !== 'id');
}

function historyValue(audit: AuditedEntity, field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return audit.options.secret?.includes(field) ? REDACTED : normalise(value);
}

function createdChanges(audit: AuditedEntity, columns: ColumnList, entity: any): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of auditedFields(audit, columns)) {
    const value = historyValue(audit, field, entity[field]);
    if (value !== null) changes[field] = { old: null, new: value };
  }
  return changes;
}

/** The values of one action-history row, as the subscriber writes them. */
export interface HistoryRowValues {
  id: string;
  groupId: string | null;
  adminOnly: boolean;
  privateToUserId: string | null;
  entityType: string;
  entityId: string;
  action: HistoryAction;
  changes: FieldChanges;
  userId: string | null;
  userNickname: string;
}

async function historyRowValues(manager: EntityManager, audit: AuditedEntity, entity: any, action: HistoryAction, changes: FieldChanges): Promise<HistoryRowValues> {
  const actor = currentActor();
  const groupOf = audit.options.groupOf ?? ((e: any) => e.groupId);
  const privateTo = audit.options.privateTo ? await audit.options.privateTo(entity, manager) : null;
  return {
    id: newId(),
    groupId: groupOf(entity) ?? null,
    adminOnly: audit.options.adminOnly ?? false,
    privateToUserId: privateTo,
    entityType: audit.entityType,
    entityId: entity.id,
    action,
    changes,
    userId: actor.userId,
    userNickname: actor.nickname,
  };
}

async function insertHistoryRow(manager: EntityManager, audit: AuditedEntity, entity: any, action: HistoryAction, changes: FieldChanges): Promise<void> {
  await manager.getRepository(ActionHistory).insert({ ...(await historyRowValues(manager, audit, entity, action, changes)), changes: changes as any });
}

/**
 * The values of the "Created" row the subscriber would write for `entity` (the inserted values as
 * the entity's properties, `id` included), for a repository that inserts the row and its history
 * with its own fixed SQL, in one statement or transaction (POST /notes). `manager` answers the
 * entity's `privateTo` rule if that needs a query.
 */
export function createdHistoryRow<T extends object>(manager: EntityManager, target: new () => T, entity: Partial<T> & { id: string }): Promise<HistoryRowValues> {
  const audit = AUDITED_ENTITIES.get(target);
  if (!audit) throw new Error(`${target.name} is not @Audited`);
  return historyRowValues(manager, audit, entity, 'Created', createdChanges(audit, manager.connection.getMetadata(target).columns, entity));
}

/**
 * The "Created" row the subscriber would write, for rows inserted without it (an
 * `INSERT ... ON CONFLICT DO NOTHING` must record only the rows it really inserted). `entity`
 * holds the inserted values as the entity's properties; call it awaited, one row at a time.
 */
export async function recordCreated<T extends object>(manager: EntityManager, target: new () => T, entity: T & { id: string }): Promise<void> {
  const values = await createdHistoryRow(manager, target, entity);
  await manager.getRepository(ActionHistory).insert({ ...values, changes: values.changes as any });
}
