import type { TestApp } from '../support/app';
import { createGroup, createUser, login, type LoggedIn, type TestUser } from '../support/factories';
import { pngImage } from '../support/images';
import { sendToUrl } from '../support/storage-drivers';
import { waitFor } from '../support/wait';

export type Member = TestUser & LoggedIn;

async function call(t: TestApp, member: Member, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) {
  const response = await t.api(method, path, { token: member.accessToken, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
  return response.body ? response.json() : undefined;
}

export interface Seeded {
  groupId: string;
  alice: Member;
  bob: Member;
  markerIds: string[];
  trashedMarkerId: string;
}

/**
 * A group with every module in use: budget (categories with a formula-like name, two accounts, income,
 * expense, transfer, recurring), map (markers with processed images, one in the trash) and notes
 * (shared, and private notes of both members, with checklist items). Needs JOBS_ENABLED=true and S3.
 */
export async function seedGroup(t: TestApp): Promise<Seeded> {
  const group = await createGroup(t, { currency: 'CHF' });
  const users = [];
  for (const nickname of ['Alice', 'Bob']) {
    const user = await createUser(t, { groupId: group.id, nickname });
    users.push({ ...user, ...(await login(t, user)) });
  }
  const [alice, bob] = users;

  const main = await call(t, alice, 'POST', '/budget-accounts', { name: 'Main', openingBalance: '-42.10' });
  const savings = await call(t, alice, 'POST', '/budget-accounts', { name: 'Savings, "long-term"' });
  const food = await call(t, alice, 'POST', '/categories', { name: 'Food', color: '#AA3300', icon: 'ShoppingCart' });
  const salary = await call(t, bob, 'POST', '/categories', { name: '=SUM(A1)', color: '#00AA33', icon: 'Briefcase' });
  await call(t, alice, 'POST', '/transactions', {
    type: 'Income',
    amount: '2500.00',
    date: '2026-01-31',
    categoryId: salary.id,
    budgetAccountId: main.id,
    description: 'January pay',
  });
  await call(t, bob, 'POST', '/transactions', { type: 'Expense', amount: '12.35', date: '2026-02-01', categoryId: food.id, description: '-bread\nand milk' });
  await call(t, alice, 'POST', '/transactions', {
    type: 'Transfer',
    amount: '300.00',
    date: '2026-02-02',
    budgetAccountId: main.id,
    targetBudgetAccountId: savings.id,
  });
  const edited = await call(t, bob, 'POST', '/transactions', {
    type: 'Expense',
    amount: '7.00',
    date: '2026-02-03',
    categoryId: food.id,
    description: '@coffee',
  });
  await call(t, bob, 'PUT', `/transactions/${edited.id}`, { type: 'Expense', amount: '7.50', date: '2026-02-03', categoryId: food.id, description: '@coffee' });
  // sharing costs: a shared expense, a payment between the two and the group's default split
  await call(t, bob, 'POST', '/transactions', {
    type: 'Expense',
    amount: '60.01',
    date: '2026-02-05',
    categoryId: food.id,
    description: 'Dinner',
    split: { mode: 'equal', members: [{ userId: alice.id }, { userId: bob.id }] },
  });
  await call(t, alice, 'POST', '/budget/settlements', { fromUserId: alice.id, toUserId: bob.id, amount: '10.00', date: '2026-02-06', note: '=cash' });
  await call(t, alice, 'PUT', '/budget/split-settings', {
    sharedByDefault: false,
    mode: 'shares',
    weights: [
      { userId: alice.id, weight: '2' },
      { userId: bob.id, weight: '1' },
    ],
    units: [],
  });
  await call(t, alice, 'POST', '/recurring-transactions', {
    type: 'Expense',
    amount: '950.00',
    description: 'Rent',
    categoryId: food.id,
    budgetAccountId: main.id,
    frequency: 'Monthly',
    startDate: '2026-12-01',
    remindDaysBefore: 2,
  });

  const markerIds: string[] = [];
  for (const [title, latitude, longitude] of [
    ['Lake', 47.36, 8.54],
    ['Hut, "the old one"', 46.5, 9.8],
  ] as const) {
    const marker = await call(t, alice, 'POST', '/markers', {
      title,
      latitude,
      longitude,
      rating: 4,
      date: '2026-03-01',
      description: '<p>Nice <b>place</b></p>',
    });
    markerIds.push(marker.id);
    const image = await pngImage(40 + markerIds.length, 30);
    const ticket = await call(t, alice, 'POST', `/markers/${marker.id}/images`, { contentType: 'image/png', size: image.length });
    const uploaded = await sendToUrl(t, ticket.uploadUrl, { method: 'PUT', body: image, headers: ticket.headers });
    if (uploaded.status !== 200) throw new Error(`upload failed: ${uploaded.status} ${uploaded.body.toString()}`);
    const confirmed = await call(t, alice, 'PATCH', `/markers/${marker.id}/images/${ticket.imageId}/confirm`);
    await waitFor(async () => (await call(t, alice, 'GET', `/files/${confirmed.fileId}/status`)).status === 'Completed');
  }
  const trashed = await call(t, bob, 'POST', '/markers', { title: 'Gone', latitude: 1, longitude: 2 });
  await call(t, bob, 'DELETE', `/markers/${trashed.id}`);

  const shared = await call(t, alice, 'POST', '/notes', { title: 'Shopping', content: 'For the weekend', isPrivate: false });
  await call(t, alice, 'POST', `/notes/${shared.id}/items`, { text: 'Milk' });
  const eggs = await call(t, bob, 'POST', `/notes/${shared.id}/items`, { text: 'Eggs', url: 'https://example.org/eggs' });
  await call(t, bob, 'PATCH', `/notes/${shared.id}/items/${eggs.id}/toggle`);
  await call(t, alice, 'POST', '/notes', { title: 'Alice private', content: 'secret of Alice', isPrivate: true });
  const bobs = await call(t, bob, 'POST', '/notes', { title: 'Bob private', content: 'secret of Bob', isPrivate: true });
  await call(t, bob, 'POST', `/notes/${bobs.id}/items`, { text: '+call mum' });
  // reminders and notification settings are restored; push subscriptions (tied to sessions) are not
  await call(t, alice, 'PUT', `/notes/${shared.id}/reminder`, {
    at: '2099-03-06T09:00',
    timeZone: 'Europe/Zurich',
    repeat: { frequency: 'Weekly', interval: 1 },
    recipients: 'group',
  });
  await call(t, alice, 'PUT', '/account/notification-settings', { timeZone: 'Europe/Zurich', quietHours: { from: '22:00', to: '07:00' }, email: true });
  await call(t, alice, 'POST', '/push-subscriptions', {
    endpoint: 'https://push.example.org/send/alice',
    keys: { p256dh: 'B' + 'A'.repeat(86), auth: 'A'.repeat(22) },
  });
  return { groupId: group.id, alice, bob, markerIds, trashedMarkerId: trashed.id };
}

/** Signed URLs differ by instance and time: compared as present or absent. */
function withoutUrls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUrls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, /(^url|Url)$/.test(key) ? inner !== null : withoutUrls(inner)]));
  }
  return value;
}

/** Everything a member sees through the API, for comparing two instances. */
export async function visibleState(t: TestApp, member: Member, markerIds: string[]) {
  const get = async (path: string) => withoutUrls(await call(t, member, 'GET', path)) as any;
  const notes = await get('/notes');
  const markerImages: Record<string, unknown> = {};
  for (const id of markerIds) {
    markerImages[id] = await get(`/markers/${id}/images`);
  }
  return {
    account: await get('/account'),
    members: await get('/group/members'),
    categories: await get('/categories'),
    accounts: await get('/budget-accounts'),
    transactions: await get('/transactions?pageSize=100'),
    recurring: await get('/recurring-transactions'),
    splitSettings: await get('/budget/split-settings'),
    settlements: await get('/budget/settlements'),
    balances: await get('/budget/balances'),
    february: await get('/budget/balances?from=2026-02-01&to=2026-02-28'),
    explained: await get(`/budget/balances/explain?party=${member.id}`),
    bobsPart: await get(`/transactions/report/monthly?year=2026&month=2&member=${member.id}`),
    monthly: await get('/transactions/report/monthly?year=2026&month=2'),
    yearly: await get('/transactions/report/yearly?year=2026'),
    markers: await get('/markers?pageSize=100'),
    trash: await get('/markers?pageSize=100&deleted=true'),
    markerImages,
    notes,
    notificationSettings: await get('/account/notification-settings'),
    noteDetails: await Promise.all((Array.isArray(notes) ? notes : notes.items).map((note: { id: string }) => get(`/notes/${note.id}`))),
    history: await get('/action-histories?pageSize=100'),
  };
}
