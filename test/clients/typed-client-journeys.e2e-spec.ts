import type { AddressInfo } from 'node:net';
import { createHearthClient, type HearthClient, type Schema } from '../../clients/typescript';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, DEFAULT_PASSWORD, TestUser } from '../support/factories';

/**
 * Real journeys through the generated client (`clients/typescript`, openapi-fetch over the types of
 * openapi.json) against the real service on a free port, with real fetch. This file is type-checked
 * with the rest (`npm run typecheck`): a document that mistypes a field (an id typed `object`, money
 * typed `number`) makes it fail to compile, before it fails to run.
 */
describe('typed client: journeys through the generated client', () => {
  let t: TestApp;
  let baseUrl: string;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    const group = await createGroup(t, { modules: ['Map', 'Budget', 'Notes'], currency: 'EUR' });
    user = await createUser(t, { groupId: group.id });
  });
  afterAll(() => t.close());

  /** Logs in and returns a client that sends the access token on every call. */
  async function signedIn(): Promise<{ api: HearthClient; refreshCookie: string }> {
    const anonymous = createHearthClient({ baseUrl });
    const { data, error, response } = await anonymous.POST('/api/v1/session', {
      body: { username: user.username, password: DEFAULT_PASSWORD, deviceName: 'typed client' },
    });
    if (!data) throw new Error(`login: ${response.status} ${JSON.stringify(error)}`);
    const accessToken: string = data.accessToken;
    const refreshCookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    return { api: createHearthClient({ baseUrl, headers: { authorization: `Bearer ${accessToken}` } }), refreshCookie };
  }

  it('logs in, reads the account, refreshes and logs out', async () => {
    const { api, refreshCookie } = await signedIn();
    const account = await api.GET('/api/v1/account');
    expect(account.response.status).toBe(200);
    const profile: Schema<'ProfileDto'> = account.data!;
    expect(profile.username).toBe(user.username);

    const refreshed = await createHearthClient({ baseUrl, headers: { cookie: refreshCookie } }).POST('/api/v1/session/refresh');
    expect(refreshed.response.status).toBe(200);
    expect(typeof refreshed.data!.accessToken).toBe('string');

    const bad = await createHearthClient({ baseUrl }).POST('/api/v1/session', { body: { username: user.username, password: 'wrong-password-1' } });
    expect(bad.response.status).toBe(401);
    expect(bad.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('creates, lists, moves and deletes a marker', async () => {
    const { api } = await signedIn();
    const created = await api.POST('/api/v1/markers', { body: { title: 'Brandenburger Tor', latitude: 52.5163, longitude: 13.3777, rating: 4 } });
    expect(created.response.status).toBe(201);
    const marker: Schema<'MarkerDto'> = created.data!;
    const markerId: string = marker.id;

    const read = await api.GET('/api/v1/markers/{markerId}', { params: { path: { markerId } } });
    expect(read.data!.title).toBe('Brandenburger Tor');
    const list = await api.GET('/api/v1/markers', { params: { query: { search: 'brandenburger', pageSize: 10 } } });
    expect(list.data!.items.map((item) => item.id)).toEqual([markerId]);

    const moved = await api.PATCH('/api/v1/markers/{markerId}/location', { params: { path: { markerId } }, body: { latitude: 48.1, longitude: 11.6 } });
    expect(moved.data!.latitude).toBe(48.1);
    const cleared = await api.PUT('/api/v1/markers/{markerId}', {
      params: { path: { markerId } },
      body: { title: 'Brandenburger Tor', latitude: 48.1, longitude: 11.6, address: null },
    });
    expect(cleared.data!.address).toBeNull();

    const removed = await api.DELETE('/api/v1/markers/{markerId}', { params: { path: { markerId } } });
    expect(removed.response.status).toBe(204);
    const gone = await api.GET('/api/v1/markers/{markerId}', { params: { path: { markerId: '0199a6d4-7c1e-7a4f-9d0a-3b1f2c4d5e6f' } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('books income and expense with ids taken from other answers, then reads the month report', async () => {
    const { api } = await signedIn();
    const account = (await api.POST('/api/v1/budget-accounts', { body: { name: 'Main' } })).data!;
    const food = (await api.POST('/api/v1/categories', { body: { name: 'Food', color: '#112233', icon: 'ShoppingCart' } })).data!;
    const salary = (await api.POST('/api/v1/categories', { body: { name: 'Salary', color: '#445566', icon: 'Wallet' } })).data!;

    // ids flow from one answer into the next request: typed string to string
    const expense = await api.POST('/api/v1/transactions', {
      body: { type: 'Expense', amount: '12.30', categoryId: food.id, budgetAccountId: account.id, date: '2025-03-02', description: 'Market' },
    });
    expect(expense.response.status).toBe(201);
    const income = await api.POST('/api/v1/transactions', { body: { type: 'Income', amount: '1000.00', categoryId: salary.id, date: '2025-03-01' } });
    expect(income.response.status).toBe(201);
    const transaction: Schema<'TransactionDto'> = expense.data!;
    const amount: string = transaction.amount;
    expect(amount).toBe('12.30');

    const updated = await api.PUT('/api/v1/transactions/{transactionId}', {
      params: { path: { transactionId: transaction.id } },
      body: { type: 'Expense', amount: '20.00', categoryId: food.id, description: null },
    });
    expect(updated.data!.description).toBeNull();

    const report = await api.GET('/api/v1/transactions/report/monthly', { params: { query: { year: 2025, month: 3 } } });
    expect(report.response.status).toBe(200);
    expect(report.data!).toMatchObject({ totalIncome: '1000.00', totalExpense: '20.00', net: '980.00', currency: 'EUR' });
    const balance = (await api.GET('/api/v1/budget-accounts')).data!.find((item) => item.id === account.id)!.balance;
    expect(balance).toBe('980.00'); // the only account is the default one: both bookings landed there
  });

  it('writes a note, adds and ticks an item', async () => {
    const { api } = await signedIn();
    const note = (await api.POST('/api/v1/notes', { body: { title: 'Groceries', content: 'for Sunday' } })).data!;
    const noteId: string = note.id;
    const item = (await api.POST('/api/v1/notes/{noteId}/items', { params: { path: { noteId } }, body: { text: 'Milk' } })).data!;
    const toggled = await api.PATCH('/api/v1/notes/{noteId}/items/{noteItemId}/toggle', { params: { path: { noteId, noteItemId: item.id } } });
    expect(toggled.data!.isCompleted).toBe(true);
    const read = await api.GET('/api/v1/notes/{noteId}', { params: { path: { noteId } } });
    expect(read.data!.items.map((entry) => [entry.text, entry.isCompleted])).toEqual([['Milk', true]]);
  });
});
