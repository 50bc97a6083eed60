import type { TestApp } from '../support/app';
import { signedInUser, type LoggedIn, type TestUser } from '../support/factories';

export type Member = TestUser & LoggedIn;

/** A signed-in member of a fresh group with the Budget module (and a currency). */
export async function budgetUser(t: TestApp, groupId?: string): Promise<Member> {
  return signedInUser(t, { modules: ['Budget'], groupId });
}

/** Calls the API as `user` and fails loudly unless the status is `expected`. */
export async function call<T = any>(
  t: TestApp,
  user: Member,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  expected?: number,
): Promise<T> {
  const response = await t.api(method, path, { token: user.accessToken, payload });
  const want = expected ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
  if (response.statusCode !== want) throw new Error(`${method} ${path}: expected ${want}, got ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

let seq = 0;
export const createCategory = (t: TestApp, user: Member, overrides: Record<string, unknown> = {}) =>
  call(t, user, 'POST', '/categories', { name: `Category ${++seq}`, color: '#112233', icon: 'ShoppingCart', ...overrides });

export const createAccount = (t: TestApp, user: Member, name = `Account ${++seq}`) => call(t, user, 'POST', '/budget-accounts', { name });

export const createTransaction = (t: TestApp, user: Member, body: Record<string, unknown>) => call(t, user, 'POST', '/transactions', body);

/** A group with a default account, a second account and two categories. */
export async function budgetSetup(t: TestApp, user?: Member) {
  const member = user ?? (await budgetUser(t));
  const main = await createAccount(t, member, 'Main');
  const savings = await createAccount(t, member, 'Savings');
  const food = await createCategory(t, member, { name: 'Food' });
  const salary = await createCategory(t, member, { name: 'Salary' });
  return { member, main, savings, food, salary };
}

/** A flat of three in one group with the Budget module: Anna (who set it up, with budgetSetup's accounts and categories), Ben and Cleo. */
export async function flatOfThree(t: TestApp) {
  const setup = await budgetSetup(t);
  const anna = setup.member;
  const ben = await budgetUser(t, anna.groupId!);
  const cleo = await budgetUser(t, anna.groupId!);
  return { ...setup, anna, ben, cleo };
}

/** A split of the amount equally among these members, paid by the creator. */
export const equalSplit = (...users: { id: string }[]) => ({ mode: 'equal', members: users.map((u) => ({ userId: u.id })) });

/** action_histories rows of one entity, oldest first. */
export async function historyOf(t: TestApp, entityId: string): Promise<any[]> {
  return t.db.query(
    `SELECT entity_type, action, changes, user_id, user_nickname, group_id FROM action_histories WHERE entity_id = $1 ORDER BY created_date, id`,
    [entityId],
  );
}

/** Cents as an exact decimal string: 1234 → "12.34", -5 → "-0.05". */
export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
