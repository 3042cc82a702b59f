/**
 * Explicit per-app wiring: modules declare the tokens they need (checked when the app is built) and use (a module
 * resolves nothing else), routes declare the services their handler gets (resolved from that app's container,
 * optional ones undefined when unbound).
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { defineRoute, optional } from '../../../adapters/http-h3/route.js';
import type { PlatformModule } from '../../../composition/platform-module.js';
import { createParityModule } from '../../../composition/modules/parity.js';
import { token, TOKENS } from '../../../composition/tokens.js';
import { createTestApp, type TestApp } from '../../support/http-harness.js';

const GREETING = token<{ text: string }>('Greeting');
const ABSENT = token<{ text: string }>('NeverBound');

const greetingModule = (text: string): PlatformModule => ({
  name: 'greeting',
  needs: [TOKENS.Config],
  register: (registry) => registry.value(GREETING, { text }),
});

const greetRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/greet',
  operationId: 'testGreet',
  summary: 'answers with the greeting bound in this app, and whether an optional service is bound',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ text: v.string(), absent: v.boolean(), environment: v.string() }) },
  needs: { greeting: GREETING, config: TOKENS.Config, missing: optional(ABSENT) },
  handler: (_ctx, { greeting, config, missing }) => ({ text: greeting.text, absent: missing === undefined, environment: config.environment }),
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(modules: PlatformModule[]): Promise<TestApp> {
  const app = await createTestApp({ overrides: { modules, routes: [], extraRoutes: [greetRoute] } });
  apps.push(app);
  return app;
}

describe('route needs', () => {
  it('hands each handler the services of its own app, typed from the tokens; an unbound optional one is undefined', async () => {
    const [first, second] = await Promise.all([appWith([greetingModule('first')]), appWith([greetingModule('second')])]);
    const a = await first.request('GET', '/v1/test/greet');
    const b = await second.request('GET', '/v1/test/greet');
    expect(a.body.data).toEqual({ text: 'first', absent: true, environment: 'local' });
    expect(b.body.data).toMatchObject({ text: 'second' });
  });

  it('answers 500 (logged) when the app binds no module for a required service', async () => {
    const app = await appWith([]);
    const res = await app.request('GET', '/v1/test/greet');
    expect(res.status).toBe(500);
    expect(app.logs.entries().some((e) => String(e.error ?? '').includes('testGreet needs Greeting'))).toBe(true);
  });
});

describe('module needs', () => {
  it('refuses to build an app in which a module needs a token no module binds, naming both', async () => {
    const needy: PlatformModule = { name: 'needy', needs: [ABSENT], register: () => {} };
    await expect(createTestApp({ overrides: { modules: [needy], routes: [] } })).rejects.toThrow('module needy needs NeverBound, which no module of this app binds');
  });

  it('builds an app whose modules only need what the platform binds', async () => {
    const app = await createTestApp({ overrides: { modules: [createParityModule({ paths: [], explicit: false })], routes: [] } });
    apps.push(app);
    expect(app.app.routes).toEqual([]);
  });
});

describe('module uses', () => {
  const SPARE = token<{ text: string }>('Spare');
  const spareModule: PlatformModule = { name: 'spare', register: (registry) => registry.value(SPARE, { text: 'spare' }) };

  it('lets a module resolve a token it declares in uses, in register, its factories and its start hook', async () => {
    const seen: string[] = [];
    const user: PlatformModule = {
      name: 'user',
      uses: [SPARE],
      register(registry) {
        if (registry.has(SPARE)) seen.push(`register ${registry.resolve(SPARE).text}`);
        registry.factory(GREETING, (resolve) => ({ text: `factory ${resolve(SPARE).text}` }));
      },
      async start(resolve) {
        seen.push(`start ${resolve(SPARE).text}`, resolve(GREETING).text);
      },
    };
    apps.push(await createTestApp({ overrides: { modules: [spareModule, user], routes: [] } }));
    expect(seen).toEqual(['register spare', 'start spare', 'factory spare']);
  });

  it('refuses a resolve of a token the module neither binds nor declares, naming the module and the token', async () => {
    const sneaky: PlatformModule = { name: 'sneaky', register: (registry) => void registry.resolve(SPARE) };
    await expect(createTestApp({ overrides: { modules: [spareModule, sneaky], routes: [] } })).rejects.toThrow(
      'module sneaky resolves Spare, which it neither binds nor declares in needs or uses',
    );
  });

  it('checks the resolves of a factory when it is first built, and of the start hook', async () => {
    const lazy: PlatformModule = { name: 'lazy', register: (registry) => registry.factory(GREETING, (resolve) => resolve(SPARE)) };
    const app = await createTestApp({ overrides: { modules: [spareModule, lazy], routes: [] } });
    apps.push(app);
    expect(() => app.app.resolve(GREETING)).toThrow('module lazy resolves Spare');
    const starter: PlatformModule = { name: 'starter', register: () => {}, start: async (resolve) => void resolve(SPARE) };
    await expect(createTestApp({ overrides: { modules: [spareModule, starter], routes: [] } })).rejects.toThrow('module starter resolves Spare');
  });
});
