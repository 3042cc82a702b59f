import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../../core/domain/errors.js';
import { health, InMemoryReadinessRegistry, readiness, requireReady, version } from '../../../core/usecases/health.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('health use cases', () => {
  it('reports liveness and version without dependencies', () => {
    expect(health()).toEqual({ service: 'tenet', live: true });
    expect(version('dev')).toEqual({ api_version: '0.1.0', environment: 'dev' });
  });

  it('reports the worst dependency status, in registration order, and replaces checks by id', async () => {
    const registry = new InMemoryReadinessRegistry('rules/');
    const [a, b, c] = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];
    registry.register({ id: a, check: async () => ({ status: 'ready' }) });
    registry.register({ id: b, check: async () => ({ status: 'unavailable', detail: 'down' }) });
    registry.register({ id: c, check: async () => ({ status: 'degraded' }) });
    expect((await readiness(registry)).status).toBe('unavailable');
    registry.register({ id: b, check: async () => ({ status: 'ready' }) });
    const result = await readiness(registry);
    expect(result).toEqual({
      ready: false,
      status: 'degraded',
      source: 'rules/',
      dependencies: [{ name: 'a', status: 'ready' }, { name: 'b', status: 'ready' }, { name: 'c', status: 'degraded' }],
    });
  });

  it('keys checks by their id object: a check under another id with the same name does not replace it', async () => {
    const registry = new InMemoryReadinessRegistry('x');
    registry.register({ id: { name: 'store' }, check: async () => ({ status: 'ready' }) });
    registry.register({ id: { name: 'store' }, check: async () => ({ status: 'degraded' }) });
    expect((await readiness(registry)).dependencies.map((d) => d.status)).toEqual(['ready', 'degraded']);
  });

  it('requireReady throws not_ready carrying the same data', async () => {
    const registry = new InMemoryReadinessRegistry('x');
    registry.register({ id: { name: 'store' }, check: async () => ({ status: 'degraded', detail: 'slow' }) });
    const error = await requireReady(registry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('not_ready');
    expect((error as ServiceError).message).toBe('Not ready: store (degraded).');
    expect((error as ServiceError).data).toEqual(await readiness(registry));
  });

  it('reports a hanging check as unavailable after the check timeout', async () => {
    vi.useFakeTimers();
    const registry = new InMemoryReadinessRegistry('x');
    registry.register({ id: { name: 'hangs' }, check: () => new Promise(() => undefined) });
    const pending = readiness(registry);
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await pending).dependencies).toEqual([{ name: 'hangs', status: 'unavailable', detail: 'check timed out after 2000 ms' }]);
  });
});
