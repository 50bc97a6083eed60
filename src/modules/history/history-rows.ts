import type { EntityManager } from 'typeorm';
import { newId } from '../../database/base.entity';
import { insertMany } from '../../database/bulk-insert';
import { currentActor } from './actor';
import { ALWAYS_IGNORED, AUDITED_ENTITIES, AuditedEntity } from './audited';
import { ActionHistory, FieldChanges, HistoryAction } from './entities/action-history.entity';
import type { EntityType } from './entity-types';

/*
 * The values of action-history rows: which fields an audited entity records, how a value is
 * written (dates as ISO text, secrets redacted), the diff of an update, and the row itself. The
 * history subscriber writes these rows for save()/remove(); a repository that inserts or updates an
 * audited row with its own SQL (POST /notes, the scheduler's ON CONFLICT inserts, marking every
 * notification read) builds the same row here.
 */

const REDACTED = '[redacted]';
/** Labels are kept to this many characters (an item's text may be 1 000). */
export const LABEL_MAX = 200;

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
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

/** The changes of an inserted row: every audited field that has a value. */
export function createdChanges(audit: AuditedEntity, columns: ColumnList, entity: any): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of auditedFields(audit, columns)) {
    const value = historyValue(audit, field, entity[field]);
    if (value !== null) changes[field] = { old: null, new: value };
  }
  return changes;
}

/**
 * The changes of an updated row: the audited fields among `updated` whose value differs between
 * `before` (the row as loaded) and `after`. Empty when nothing recorded changed.
 */
export function updatedChanges(audit: AuditedEntity, columns: ColumnList, updated: ReadonlySet<string>, before: any, after: any): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of auditedFields(audit, columns)) {
    if (!updated.has(field)) continue;
    if (same(before[field], after[field])) continue;
    changes[field] = { old: historyValue(audit, field, before[field]), new: historyValue(audit, field, after[field]) };
  }
  return changes;
}

/** The values of one action-history row, as the subscriber writes them. */
export interface HistoryRowValues {
  id: string;
  groupId: string | null;
  adminOnly: boolean;
  privateToUserId: string | null;
  entityType: EntityType;
  entityId: string;
  parentId: string | null;
  action: HistoryAction;
  changes: FieldChanges;
  userId: string | null;
  userNickname: string;
  entityLabel: string | null;
  parentLabel: string | null;
}

/** The readable field an entity has, in this order of preference. */
function defaultLabel(entity: any): string | null {
  for (const field of ['title', 'name', 'text', 'nickname']) {
    if (typeof entity[field] === 'string') return entity[field];
  }
  return null;
}

function clip(label: string | null | undefined): string | null {
  if (label === null || label === undefined || label === '') return null;
  return label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label;
}

async function historyRowValues(
  manager: EntityManager,
  audit: AuditedEntity,
  entity: any,
  action: HistoryAction,
  changes: FieldChanges,
): Promise<HistoryRowValues> {
  const actor = currentActor();
  const groupOf = audit.options.groupOf ?? ((e: any) => e.groupId);
  const privateTo = audit.options.privateTo ? await audit.options.privateTo(entity, manager) : null;
  const label = audit.options.label ? await audit.options.label(entity, manager) : defaultLabel(entity);
  const parentLabel = audit.options.parentLabel ? await audit.options.parentLabel(entity, manager) : null;
  return {
    id: newId(),
    groupId: groupOf(entity) ?? null,
    adminOnly: audit.options.adminOnly ?? false,
    privateToUserId: privateTo,
    entityType: audit.entityType,
    entityId: entity.id,
    parentId: audit.options.parentOf?.(entity) ?? null,
    action,
    changes,
    userId: actor.userId,
    userNickname: actor.nickname,
    entityLabel: clip(label),
    parentLabel: clip(parentLabel),
  };
}

/** Inserts the history row of one change through `manager` (so it commits with the change). */
export async function insertHistoryRow(manager: EntityManager, audit: AuditedEntity, entity: any, action: HistoryAction, changes: FieldChanges): Promise<void> {
  await manager.getRepository(ActionHistory).insert({ ...(await historyRowValues(manager, audit, entity, action, changes)), changes: changes as any });
}

/**
 * The values of the "Created" row the subscriber would write for `entity` (the inserted values as
 * the entity's properties, `id` included), for a repository that inserts the row and its history
 * with its own fixed SQL, in one statement or transaction (POST /notes). `manager` answers the
 * entity's `privateTo` rule if that needs a query.
 */
export function createdHistoryRow<T extends object>(
  manager: EntityManager,
  target: new () => T,
  entity: Partial<T> & { id: string },
): Promise<HistoryRowValues> {
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

/**
 * The row the subscriber would write for a change a repository or service made with its own SQL
 * (a DELETE … RETURNING, an UPDATE of bookkeeping fields): `entity` holds the row's values as the
 * entity's properties (enough for its group, label and privacy), `changes` what the row says
 * changed (none for a deletion). Through `manager`, so it commits with the change.
 */
export async function recordChange<T extends object>(
  manager: EntityManager,
  target: new () => T,
  entity: Partial<T> & { id: string },
  action: HistoryAction,
  changes: FieldChanges = {},
): Promise<void> {
  const audit = AUDITED_ENTITIES.get(target);
  if (!audit) throw new Error(`${target.name} is not @Audited`);
  await insertHistoryRow(manager, audit, entity, action, changes);
}

/**
 * The "Created" rows the subscriber would write, for many rows a repository inserted in bulk
 * without it (a statement import of thousands of transactions: one save() per row, each with its
 * own history INSERT, took ~30 s for 10 000). Each row is built as recordCreated builds it; they are
 * inserted in one statement through `manager` (so they commit with the rows).
 */
export async function recordCreatedMany<T extends object>(manager: EntityManager, target: new () => T, entities: (T & { id: string })[]): Promise<void> {
  const rows: HistoryRowValues[] = [];
  for (const entity of entities) rows.push(await createdHistoryRow(manager, target, entity));
  await insertMany(manager, ActionHistory, rows);
}

/**
 * The "Updated" rows the subscriber would write, for rows a repository updated in one statement
 * without it (every unread notification of a person marked read: one save() per row took one
 * UPDATE and one history INSERT each). `entities` hold each row's values after the update as the
 * entity's properties; `before` the updated fields' values before it, the same for every row. Rows
 * whose recorded fields did not change get none; the rest are inserted in one statement through
 * `manager` (so they commit with the update).
 */
export async function recordUpdatedMany<T extends object>(
  manager: EntityManager,
  target: new () => T,
  entities: (T & { id: string })[],
  before: Partial<T>,
): Promise<void> {
  const audit = AUDITED_ENTITIES.get(target);
  if (!audit) throw new Error(`${target.name} is not @Audited`);
  const columns = manager.connection.getMetadata(target).columns;
  const updated = new Set(Object.keys(before));
  const rows: HistoryRowValues[] = [];
  for (const entity of entities) {
    const changes = updatedChanges(audit, columns, updated, { ...entity, ...before }, entity);
    if (Object.keys(changes).length > 0) rows.push(await historyRowValues(manager, audit, entity, 'Updated', changes));
  }
  await insertMany(manager, ActionHistory, rows);
}

/**
 * The values of the "Updated" row the subscriber would write for a row a repository updates with
 * its own fixed SQL (PUT /transactions): `before` the row as read (the entity's properties),
 * `after` the values written; the changes are the recorded fields whose value differs, the label is
 * the updated row's. Undefined when no recorded field changed (the subscriber writes none then).
 */
export async function updatedHistoryRow<T extends object>(
  manager: EntityManager,
  target: new () => T,
  before: Partial<T> & { id: string },
  after: Partial<T>,
): Promise<HistoryRowValues | undefined> {
  const audit = AUDITED_ENTITIES.get(target);
  if (!audit) throw new Error(`${target.name} is not @Audited`);
  const changes = updatedChanges(audit, manager.connection.getMetadata(target).columns, new Set(Object.keys(after)), before, after);
  if (Object.keys(changes).length === 0) return undefined;
  return historyRowValues(manager, audit, { ...before, ...after }, 'Updated', changes);
}
