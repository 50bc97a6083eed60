import type { EntityManager } from 'typeorm';
import type { ModuleName } from '../../common/auth/auth-user';
import type { EntityType } from './entity-types';

export interface AuditOptions {
  /** Fields never written to history values (hashes, tokens): a change shows as "[redacted]". */
  secret?: string[];
  /** Fields left out of the diff entirely (bookkeeping). */
  ignore?: string[];
  /** The group the row belongs to; defaults to the entity's `groupId`. */
  groupOf?: (entity: any) => string | null | undefined;
  /**
   * The module the entity belongs to: its rows (history and live events) reach only members of a
   * group that has the module (docs/live.md, Who receives what).
   */
  module?: ModuleName;
  /** The entity this one belongs to (the note of an item, the place of a photo): `parentId` of its rows and events. */
  parentOf?: (entity: any) => string | null | undefined;
  /** Rows visible only to admins (user and group administration). */
  adminOnly?: boolean;
  /**
   * When the entity is private to one user (a private note and its items), that user's id:
   * the history row is then visible to that user only.
   */
  privateTo?: (entity: any, manager: EntityManager) => Promise<string | null> | string | null;
  /**
   * What a person calls the entity, as it is when the change is made. Defaults to
   * its `title`, `name`, `text` or `nickname`, whichever it has; null where nothing is readable.
   */
  label?: (entity: any, manager: EntityManager) => Promise<string | null> | string | null;
  /** For a child (a note's item, a place's photo): its parent's label (the note's or place's title). */
  parentLabel?: (entity: any, manager: EntityManager) => Promise<string | null> | string | null;
}

export interface AuditedEntity {
  target: Function;
  entityType: EntityType;
  options: AuditOptions;
}

/** Every class marked @Audited, by constructor: the subscriber and the coverage test walk this. */
export const AUDITED_ENTITIES = new Map<Function, AuditedEntity>();

/** Field names never recorded for any entity. */
export const ALWAYS_IGNORED = ['createdDate', 'updatedDate'];

/**
 * Marks an entity whose every change is written to the action history in the same transaction.
 * Changes must go through save()/remove()/softRemove()/recover(); bulk update()/delete() on an
 * audited entity throws.
 */
export function Audited(entityType: EntityType, options: AuditOptions = {}): ClassDecorator {
  return (target) => {
    AUDITED_ENTITIES.set(target, { target, entityType, options });
  };
}
