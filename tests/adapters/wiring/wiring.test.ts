/**
 * One typed object of services per app (composition/app.ts): subsystems are built from typed options or left out
 * with `false`, routes select the services their handler gets from that app's object (`needs`), and the start and
 * stop hooks run in build order and in reverse.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { defineRoute } from '../../../adapters/http-h3/route.js';
import { PLATFORM_ONLY } from '../../../composition/app.js';
import { SUBSYSTEM_NAMES } from '../../../composition/services.js';
import { startAll, type Lifecycle } from '../../../composition/subsystems/lifecycle.js';
import { createTestApp, type TestApp } from '../../support/http-harness.js';

const greetRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/greet',
  operationId: 'testGreet',
  summary: "answers with this app's environment, and whether it builds parity cases",
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ environment: v.string(), parity: v.boolean() }) },
  needs: (app) => ({ config: app.config, cases: app.has('parity') ? app.parity.cases : undefined }),
  handler: (_ctx, { config, cases }) => ({ environment: config.environment, parity: cases !== undefined }),
});

const keysRoute = defineRoute({
  method: 'GET',
  path: '/v1/test/keys',
  operationId: 'testKeys',
  summary: 'needs the keys subsystem',
  tags: ['test'],
  auth: 'public',
  responses: { 200: v.strictObject({ audit: v.boolean() }) },
  needs: (app) => ({ keys: app.keys.deps }),
  handler: (_ctx, { keys }) => ({ audit: keys.stores !== undefined }),
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function track(app: Promise<TestApp>): Promise<TestApp> {
  apps.push(await app);
  return apps[apps.length - 1];
}

describe('route needs', () => {
  it("hands each handler the services of its own app; a subsystem the app leaves out is told by has()", async () => {
    const parity = { paths: [], explicit: false };
    const [first, second] = await Promise.all([
      track(createTestApp({ env: { ENVIRONMENT: 'staging' }, overrides: { ...PLATFORM_ONLY, parity, routes: [greetRoute] } })),
      track(createTestApp({ overrides: { ...PLATFORM_ONLY, routes: [greetRoute] } })),
    ]);
    expect((await first.request('GET', '/v1/test/greet')).body.data).toEqual({ environment: 'staging', parity: true });
    expect((await second.request('GET', '/v1/test/greet')).body.data).toEqual({ environment: 'local', parity: false });
  });

  it('answers 500 (logged, naming the route and the subsystem) when the app does not build a service the route needs', async () => {
    const app = await track(createTestApp({ overrides: { ...PLATFORM_ONLY, routes: [keysRoute] } }));
    const res = await app.request('GET', '/v1/test/keys');
    expect(res.status).toBe(500);
    expect(app.logs.entries().some((e) => String(e.error ?? '').includes('testKeys needs the keys subsystem, which this app does not build'))).toBe(true);
  });

  it('selects a route\'s services once per app and hands them to every request', async () => {
    const app = await track(createTestApp({ overrides: { ...PLATFORM_ONLY, keys: {}, routes: [keysRoute] } }));
    expect((await app.request('GET', '/v1/test/keys')).body.data).toEqual({ audit: true });
    expect((await app.request('GET', '/v1/test/keys')).body.data).toEqual({ audit: true });
  });
});

describe('the services object', () => {
  it('builds every subsystem by default and none with PLATFORM_ONLY', async () => {
    const full = await track(createTestApp({ overrides: { skipStart: true } }));
    const bare = await track(createTestApp({ overrides: PLATFORM_ONLY }));
    expect(SUBSYSTEM_NAMES.filter((name) => full.app.services[name] !== undefined)).toEqual(['keys', 'read', 'calculation', 'parity', 'operations']);
    expect(SUBSYSTEM_NAMES.filter((name) => bare.app.services[name] !== undefined)).toEqual([]);
  });

  it('gives two apps built at once their own services (no state shared through the wiring)', async () => {
    const [a, b] = await Promise.all([track(createTestApp({ overrides: { skipStart: true } })), track(createTestApp({ overrides: { skipStart: true } }))]);
    expect(a.app.services.readiness).not.toBe(b.app.services.readiness);
    expect(a.app.services.calculation!.calculators).not.toBe(b.app.services.calculation!.calculators);
    expect(a.app.services.storeGuard).not.toBe(b.app.services.storeGuard);
    expect(a.app.services.calculationJson).not.toBe(b.app.services.calculationJson);
  });

  it('meters the calculation use cases with the keys gate, or with the meter given as an option', async () => {
    const meter = { charge: async () => {}, refund: async () => {} };
    const keyed = await track(createTestApp({ overrides: { ...PLATFORM_ONLY, keys: {} } }));
    const given = await track(createTestApp({ overrides: { ...PLATFORM_ONLY, keys: {}, meter } }));
    expect(keyed.app.services.meter).toBe(keyed.app.services.keys!.gate);
    expect(given.app.services.meter).toBe(meter);
  });
});

describe('start and stop', () => {
  const part = (name: string, log: string[], fails = false): Lifecycle => ({
    name,
    start: async () => {
      log.push(`start ${name}`);
      if (fails) throw new Error(`${name} failed`);
    },
    stop: async () => void log.push(`stop ${name}`),
  });

  it('starts the parts in order and stops them in reverse', async () => {
    const log: string[] = [];
    const stop = await startAll([part('keys', log), part('read', log)]);
    await stop();
    expect(log).toEqual(['start keys', 'start read', 'stop read', 'stop keys']);
  });

  it('stops the parts already started when one fails to start, then throws', async () => {
    const log: string[] = [];
    await expect(startAll([part('keys', log), part('read', log), part('calculation', log, true), part('parity', log)])).rejects.toThrow('calculation failed');
    expect(log).toEqual(['start keys', 'start read', 'start calculation', 'stop read', 'stop keys']);
  });

  it('refuses to serve when a subsystem cannot start (a parity folder named but missing)', async () => {
    await expect(createTestApp({ overrides: { ...PLATFORM_ONLY, parity: { paths: ['/nonexistent/parity'], explicit: true } } })).rejects.toThrow();
  });
});
