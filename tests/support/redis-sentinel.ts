/**
 * A Redis Sentinel setup for tests: a primary `redis-server` and one sentinel (`redis-server --sentinel`) watching
 * it as master group `tenet`, on free ports in a temp dir. Callers skip LOUDLY without `redis-server`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, hasRedisServerBinary, killProcesses, redisAnswers } from './redis.js';

export interface TestSentinel {
  /** `redis+sentinel://127.0.0.1:<sentinel port>/tenet` */
  url: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sentinelKnowsMaster(port: number): Promise<boolean> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return Array.isArray(await client.call('SENTINEL', 'get-master-addr-by-name', 'tenet'));
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function acquireRedisSentinel(suite: string): Promise<TestSentinel | null> {
  if (!hasRedisServerBinary()) {
    console.warn(`\n!!! ${suite}: no redis-server on PATH: Sentinel tests are SKIPPED !!!\n`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tenet-sentinel-'));
  const masterPort = await freePort();
  const sentinelPort = await freePort();
  const config = join(dir, 'sentinel.conf');
  writeFileSync(config, `port ${sentinelPort}\nbind 127.0.0.1\ndir ${dir}\nsentinel monitor tenet 127.0.0.1 ${masterPort} 1\n`);
  const children: ChildProcess[] = [
    spawn('redis-server', ['--port', String(masterPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' }),
    spawn('redis-server', [config, '--sentinel'], { stdio: 'ignore' }),
  ];
  const stop = async () => {
    await killProcesses(children);
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 50 && !((await redisAnswers(`redis://127.0.0.1:${masterPort}`)) && (await sentinelKnowsMaster(sentinelPort))); i++) await sleep(100);
  if (!(await sentinelKnowsMaster(sentinelPort))) {
    await stop();
    throw new Error('the test Redis Sentinel did not come up');
  }
  return { url: `redis+sentinel://127.0.0.1:${sentinelPort}/tenet`, stop };
}
