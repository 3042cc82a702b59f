/**
 * A real Redis Cluster for tests: REDIS_CLUSTER_URL when set (`.ci/run` starts one on ports 7101-7103), else three
 * masters from the local `redis-server` in cluster mode, on free ports in a temp dir, joined with
 * `redis-cli --cluster create`. Callers skip LOUDLY when neither exists.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import { freePort, hasRedisServerBinary, killProcesses, redisAnswers } from './redis.js';

export interface TestCluster {
  /** `redis+cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3` */
  url: string;
  origin: 'REDIS_CLUSTER_URL' | 'redis-server';
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port <= 55_000 && !taken.has(port) && (await portFree(port + 10_000))) return port;
  }
}

/** Whether every node answers and the cluster reports all slots served. */
export async function clusterReady(url: string): Promise<boolean> {
  const nodes = url.replace(/^rediss?\+cluster:\/\//, '').split(',');
  for (const node of nodes) {
    if (!(await redisAnswers(`redis://${node}`))) return false;
    const info = spawnSync('redis-cli', ['-h', node.split(':')[0], '-p', node.split(':')[1], 'cluster', 'info'], { encoding: 'utf8' });
    if (!info.stdout?.includes('cluster_state:ok')) return false;
  }
  return true;
}

/** A cluster of this process's own redis-server nodes, whose processes a test may freeze (SIGSTOP) and resume. */
export interface OwnTestCluster extends TestCluster {
  ports: number[];
  /** Freezes every node: connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
}

/** Three masters of the local redis-server on free ports, whatever REDIS_CLUSTER_URL says (for freezing them). */
export async function startOwnCluster(): Promise<OwnTestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tenet-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await clusterPort(taken);
    taken.add(port);
    ports.push(port);
  }
  const children: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir, '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    ),
  );
  const stop = async () => {
    children.forEach((child) => child.exitCode === null && child.kill('SIGCONT'));
    await killProcesses(children);
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`;
  try {
    for (const port of ports) {
      for (let i = 0; i < 50 && !(await redisAnswers(`redis://127.0.0.1:${port}`)); i++) await sleep(100);
    }
    const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' });
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
    for (let i = 0; i < 100 && !(await clusterReady(url)); i++) await sleep(100);
    if (!(await clusterReady(url))) throw new Error('the test Redis Cluster did not reach cluster_state:ok');
    const signal = (name: NodeJS.Signals) => children.forEach((child) => child.exitCode === null && child.kill(name));
    return { url, origin: 'redis-server', stop, ports, pause: () => signal('SIGSTOP'), resume: () => signal('SIGCONT') };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Returns a three-master Redis Cluster, or null after printing a loud warning. */
export async function acquireRedisCluster(suite: string): Promise<TestCluster | null> {
  const fromEnv = process.env.REDIS_CLUSTER_URL;
  if (fromEnv) {
    if (await clusterReady(fromEnv)) return { url: fromEnv, origin: 'REDIS_CLUSTER_URL', stop: async () => {} };
    console.warn(`\n!!! ${suite}: REDIS_CLUSTER_URL=${fromEnv} is not a healthy cluster; starting one of our own !!!\n`);
  }
  if (!hasRedisServerBinary() || spawnSync('redis-cli', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.warn(`\n!!! ${suite}: NO REDIS CLUSTER (no REDIS_CLUSTER_URL, no redis-server/redis-cli on PATH): cluster tests are SKIPPED !!!\n`);
    return null;
  }
  return startOwnCluster();
}

/** Deletes every key under `prefix` on every master (keys of one prefix spread over the cluster's slots). */
export async function deleteClusterPrefix(url: string, prefix: string): Promise<void> {
  const nodes = url.replace(/^rediss?\+cluster:\/\//, '').split(',').map((n) => ({ host: n.split(':')[0], port: Number(n.split(':')[1]) }));
  const cluster = new Cluster(nodes);
  try {
    for (const node of cluster.nodes('master')) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        for (const key of keys) await node.del(key);
      } while (cursor !== '0');
    }
  } finally {
    cluster.disconnect();
  }
}
