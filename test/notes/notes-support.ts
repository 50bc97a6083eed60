import type { InjectOptions, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

export type NotesUser = Awaited<ReturnType<typeof signedInUser>>;

/** A group with Notes and two of its members, and someone of another group that has Notes (and Map). */
export async function ownerMemberOutsider(t: TestApp): Promise<{ owner: NotesUser; member: NotesUser; outsider: NotesUser }> {
  const owner = await signedInUser(t, { modules: ['Notes'] });
  const member = await signedInUser(t, { groupId: owner.groupId! });
  const outsider = await signedInUser(t, { modules: ['Notes', 'Map'] });
  return { owner, member, outsider };
}

export type Method = NonNullable<InjectOptions['method']>;

export interface Route {
  method: Method;
  path: string;
  payload?: Record<string, unknown>;
}

/** Every Notes route, addressed at the given note and item (valid bodies, so only access decides). */
export function noteRoutes(noteId: string, itemId: string): Route[] {
  return [
    { method: 'GET', path: '/notes' },
    { method: 'GET', path: `/notes/${noteId}` },
    { method: 'POST', path: '/notes', payload: { title: 'New' } },
    { method: 'PUT', path: `/notes/${noteId}`, payload: { title: 'Changed' } },
    { method: 'DELETE', path: `/notes/${noteId}` },
    { method: 'PATCH', path: `/notes/${noteId}/pin`, payload: { isPinned: true } },
    { method: 'POST', path: `/notes/${noteId}/items`, payload: { text: 'New item' } },
    { method: 'PUT', path: `/notes/${noteId}/items/${itemId}`, payload: { text: 'Changed item' } },
    { method: 'PATCH', path: `/notes/${noteId}/items/${itemId}/toggle` },
    { method: 'PATCH', path: `/notes/${noteId}/items/order`, payload: { itemIds: [itemId] } },
    { method: 'DELETE', path: `/notes/${noteId}/items/${itemId}` },
  ];
}

/** The routes that address one note (all but list and create). */
export function noteScopedRoutes(noteId: string, itemId: string): Route[] {
  return noteRoutes(noteId, itemId).filter((route) => route.path !== '/notes');
}

export async function createNote(t: TestApp, token: string, payload: Record<string, unknown> = {}): Promise<any> {
  const response = await t.api('POST', '/notes', { token, payload: { title: 'Groceries', ...payload } });
  if (response.statusCode !== 201) throw new Error(`create note: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function addItem(t: TestApp, token: string, noteId: string, payload: Record<string, unknown> = {}): Promise<any> {
  const response = await t.api('POST', `/notes/${noteId}/items`, { token, payload: { text: 'Milk', ...payload } });
  if (response.statusCode !== 201) throw new Error(`add item: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function getNote(t: TestApp, token: string, noteId: string): Promise<any> {
  const response = await t.api('GET', `/notes/${noteId}`, { token });
  if (response.statusCode !== 200) throw new Error(`get note: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Item texts of a note in order, with their `order` values checked to be 0..n-1. */
export async function itemTexts(t: TestApp, token: string, noteId: string): Promise<string[]> {
  const note = await getNote(t, token, noteId);
  note.items.forEach((item: { order: number }, index: number) => {
    if (item.order !== index) throw new Error(`item at ${index} has order ${item.order}`);
  });
  return note.items.map((item: { text: string }) => item.text);
}

/** History rows of one entity, oldest first. */
export function historyOf(t: TestApp, entityId: string): Promise<any[]> {
  return t.db.query('SELECT * FROM action_histories WHERE entity_id = $1 ORDER BY created_date, id', [entityId]);
}

export async function noteUpdatedDate(t: TestApp, noteId: string): Promise<Date> {
  const [row] = await t.db.query('SELECT updated_date FROM notes WHERE id = $1', [noteId]);
  return row.updated_date;
}

/** `api(method, path, payload, headers)` acting as the holder of `token`. */
export function apiAs(t: TestApp, token: string) {
  return (method: Method, path: string, payload?: unknown, headers?: Record<string, string>) => t.api(method, path, { token, payload, headers });
}

/**
 * Calls each route (with `token`, or none) and describes each answer as
 * "METHOD path → status code: detail", so one assertion names every route that answered wrongly.
 */
export async function answers(t: TestApp, token: string | undefined, routes: Route[]): Promise<string[]> {
  const out: string[] = [];
  for (const route of routes) {
    const response = await t.api(route.method, route.path, { token, payload: route.payload });
    const body = response.json();
    out.push(`${route.method} ${route.path} → ${response.statusCode} ${body.code}: ${body.detail}`);
  }
  return out;
}

/** What `answers` gives when every route answers the same. */
export function allAnswer(routes: Route[], answer: string): string[] {
  return routes.map((route) => `${route.method} ${route.path} → ${answer}`);
}

/** The one history row of a just-created entity, checked for type, action, actor, group and privacy. */
export async function creationRow(
  t: TestApp,
  entityId: string,
  entityType: 'Note' | 'NoteItem',
  actor: { id: string; groupId: string | null; nickname: string },
): Promise<any> {
  const history = await historyOf(t, entityId);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({
    entity_type: entityType,
    action: 'Created',
    group_id: actor.groupId,
    user_id: actor.id,
    user_nickname: actor.nickname,
    private_to_user_id: null,
  });
  return history[0];
}
