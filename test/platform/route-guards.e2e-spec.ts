import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC, MODULE_KEY, ROLES_KEY } from '../../src/common/auth/decorators';
import { createTestApp, TestApp } from '../support/app';

/**
 * Pins who can reach every route: a change of guard metadata (public, roles, module, rate limit)
 * shows up as a snapshot diff in review. Update with `npm test -- route-guards -u` deliberately.
 */
describe('route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pins the guards of every route', () => {
    const rows: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as Function;
        if (!controller) continue;
        const base = [Reflect.getMetadata(PATH_METADATA, controller)].flat()[0] ?? '';
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          if (name === 'constructor') continue;
          const handler = controller.prototype[name];
          if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)];
          const path = [base, Reflect.getMetadata(PATH_METADATA, handler)]
            .flat()
            .filter((part) => part && part !== '/')
            .join('/');
          const meta = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
          const guards = ((Reflect.getMetadata('__guards__', handler) ?? []) as Function[]).map((guard) => guard.name);
          const access = meta<boolean>(IS_PUBLIC) ? 'public' : `bearer${meta<string[]>(ROLES_KEY) ? ` roles=${meta<string[]>(ROLES_KEY)!.join('|')}` : ''}`;
          const module = meta<string>(MODULE_KEY);
          rows.push(`${method.padEnd(6)} /${path} ${access}${module ? ` module=${module}` : ''}${guards.length ? ` guards=${guards.join(',')}` : ''}`);
        }
      }
    }
    expect(rows.sort()).toMatchSnapshot();
  });

  it('refuses a protected route without a token', async () => {
    const response = await t.api('GET', '/sessions');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });
});
