import { statement } from '../../database/sql';
import type { Group } from './entities/group.entity';

/*
 * Named statements of `groups` (GroupsRepository). Groups are written with save(), so the history
 * subscriber records every change; these are the reads of the admin list and the CLI.
 */

/** What the admin list shows of a group, named as the entity's fields. */
export type GroupRow = Pick<Group, 'id' | 'name' | 'currency' | 'modules' | 'createdDate'>;

/** Every group, by name (case-insensitively), ties by id. */
export const GROUPS_BY_NAME = statement(
  'groups_by_name',
  `SELECT id, name, currency, modules, created_date AS "createdDate" FROM groups ORDER BY lower(name), id`,
);

/** The group named $1, case-insensitively. */
export const GROUP_ID_BY_NAME = statement('group_id_by_name', 'SELECT id FROM groups WHERE lower(name) = lower($1)');
