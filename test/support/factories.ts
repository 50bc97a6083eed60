import * as bcrypt from 'bcrypt';
import { ModuleName, MODULES, Role } from '../../src/common/auth/auth-user';
import { newId } from '../../src/database/base.entity';
import type { EmailStatus, UserStatus } from '../../src/modules/users/entities/user.entity';
import type { TestApp } from './app';

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++counter}`;

export const DEFAULT_PASSWORD = 'Correct-Horse-42';
const passwordHash = bcrypt.hashSync(DEFAULT_PASSWORD, 4);

export interface TestGroup {
  id: string;
  name: string;
  currency: string;
  modules: ModuleName[];
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  nickname: string;
  password: string;
  role: Role;
  groupId: string | null;
}

/** Inserts a group directly (no HTTP): `modules` defaults to all three. */
export async function createGroup(t: TestApp, overrides: Partial<TestGroup> = {}): Promise<TestGroup> {
  const group: TestGroup = {
    id: newId(),
    name: overrides.name ?? unique('Group '),
    currency: overrides.currency ?? 'EUR',
    modules: overrides.modules ?? [...MODULES],
  };
  await t.db.query('INSERT INTO groups (id, name, currency, modules) VALUES ($1, $2, $3, $4)', [group.id, group.name, group.currency, group.modules]);
  return group;
}

export interface UserOverrides {
  username?: string;
  email?: string;
  nickname?: string;
  password?: string;
  role?: Role;
  status?: UserStatus;
  emailStatus?: EmailStatus;
  /** a group id, `null` for none; by default a new group is made */
  groupId?: string | null;
}

/** Inserts an Active, confirmed user (in a new group unless `groupId` is given). */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const groupId = overrides.groupId === undefined ? (await createGroup(t)).id : overrides.groupId;
  const username = overrides.username ?? unique('user');
  const user: TestUser = {
    id: newId(),
    username,
    email: overrides.email ?? `${username.toLowerCase()}@example.test`,
    nickname: overrides.nickname ?? username.slice(0, 25),
    password: overrides.password ?? DEFAULT_PASSWORD,
    role: overrides.role ?? 'User',
    groupId,
  };
  const hash = overrides.password ? bcrypt.hashSync(overrides.password, 4) : passwordHash;
  await t.db.query(
    `INSERT INTO users (id, username, password_hash, email, email_status, status, nickname, role, group_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [user.id, user.username, hash, user.email, overrides.emailStatus ?? 'Confirmed', overrides.status ?? 'Active', user.nickname, user.role, groupId],
  );
  return user;
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  claims: Record<string, any>;
}

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

export function refreshCookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token')?.value;
}

/** Logs in through HTTP and returns the access token, refresh token and decoded claims. */
export async function login(t: TestApp, user: TestUser, extra: Record<string, unknown> = {}): Promise<LoggedIn> {
  const response = await t.api('POST', '/session', { payload: { username: user.username, password: user.password, ...extra } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const accessToken = response.json().accessToken;
  return { accessToken, refreshToken: refreshCookieOf(response)!, claims: decodeClaims(accessToken) };
}

/** A user in a fresh group (with the given modules), already logged in. */
export async function signedInUser(t: TestApp, options: { role?: Role; modules?: ModuleName[]; groupId?: string } = {}): Promise<TestUser & LoggedIn> {
  const groupId = options.groupId ?? (await createGroup(t, { modules: options.modules })).id;
  const user = await createUser(t, { role: options.role, groupId });
  return { ...user, ...(await login(t, user)) };
}
