/** Seeding through the service's API, as a member would. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { SeededUser } from './service';

/** The member's bearer headers, from a sign-in through the API. */
export async function headersOf(request: APIRequestContext, user: SeededUser): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/session', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** A shared note with the given items, made through the API. */
export async function noteWithItems(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
  texts: string[],
): Promise<{ id: string; items: { id: string; text: string }[] }> {
  const note = await request.post('/api/v1/notes', { headers, data: { title } });
  expect(note.status()).toBe(201);
  const { id } = await note.json();
  const items = [];
  for (const text of texts) {
    const item = await request.post(`/api/v1/notes/${id}/items`, { headers, data: { text } });
    expect(item.status()).toBe(201);
    items.push(await item.json());
  }
  return { id, items };
}
