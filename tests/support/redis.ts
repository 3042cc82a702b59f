/**
 * Finds a Redis for tests: REDIS_URL when set, else a testcontainers Redis when Docker works, else a
 * `redis-server` binary on PATH started on a free port, else none (callers skip LOUDLY).
 * Each caller gets a unique key prefix so parallel suites on one Redis never collide.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface TestRedis {
  url: string;
  origin: 'REDIS_URL' | 'testcontainers' | 'redis-server';
  stop(): Promise<void>;
}

export function uniquePrefix(label: string): string {
  return `tenet-test:${label}:${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a Redis at `url` answers PING within a second (also used by bench/http.ts). */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitUntilAnswers(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await redisAnswers(url)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export function hasRedisServerBinary(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Kills each child process (SIGKILL) and waits until every one has exited. */
export async function killProcesses(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** A redis-server process of our own on a free port; used where a test must stop and restart Redis. */
export class OwnRedisServer {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort());
    await server.startProcess();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async startProcess(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    if (!(await waitUntilAnswers(this.url, 5000))) throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, like a hung Redis. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async stopProcess(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGCONT');
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

async function viaTestcontainers(): Promise<TestRedis | null> {
  if (spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status !== 0) return null;
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    return { url, origin: 'testcontainers', stop: async () => void (await container.stop()) };
  } catch {
    return null;
  }
}

/** Returns a reachable Redis, or null after printing a loud warning. */
export async function acquireRedis(suite: string): Promise<TestRedis | null> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) {
    if (await redisAnswers(fromEnv)) return { url: fromEnv, origin: 'REDIS_URL', stop: async () => {} };
    console.warn(`\n!!! ${suite}: REDIS_URL=${fromEnv} does not answer; trying other Redis sources !!!\n`);
  }
  const container = await viaTestcontainers();
  if (container) return container;
  if (hasRedisServerBinary()) {
    const own = await OwnRedisServer.start();
    return { url: own.url, origin: 'redis-server', stop: () => own.stopProcess() };
  }
  console.warn(`\n!!! ${suite}: NO REDIS AVAILABLE (no REDIS_URL, no Docker, no redis-server on PATH): Redis tests are SKIPPED !!!\n`);
  return null;
}

/** Every key (and its values) under a prefix, for leak scans and cleanup. */
export async function dumpPrefix(url: string, prefix: string): Promise<Array<{ key: string; values: string[] }>> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    const out: Array<{ key: string; values: string[] }> = [];
    for (const key of keys) {
      const type = await client.type(key);
      let values: string[] = [];
      if (type === 'string') values = [(await client.get(key)) ?? ''];
      else if (type === 'hash') values = Object.entries(await client.hgetall(key)).flat();
      else if (type === 'set') values = await client.smembers(key);
      else if (type === 'zset') values = await client.zrange(key, 0, -1);
      else if (type === 'list') values = await client.lrange(key, 0, -1);
      out.push({ key, values });
    }
    return out;
  } finally {
    client.disconnect();
  }
}

export async function deletePrefix(url: string, prefix: string): Promise<void> {
  const keys = (await dumpPrefix(url, prefix)).map((entry) => entry.key);
  if (keys.length === 0) return;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
