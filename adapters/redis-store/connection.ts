/**
 * One place that turns REDIS_URL into an ioredis client: a single Redis (`redis://`, `rediss://`), a Redis
 * Cluster (`redis+cluster://[user:password@]host1:port1,host2:port2,...`, `rediss+cluster://` for TLS; the nodes
 * listed are seeds, the client discovers the rest) or a primary found through Redis Sentinel
 * (`redis+sentinel://[user:password@]s1:26379,s2:26379/<master>[/<db>]`; the client follows failovers).
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { clusterAddress, sentinelAddress } from './addresses.js';

export { clusterAddress, sentinelAddress } from './addresses.js';

export type RedisClient = Redis | Cluster;

/**
 * A client for `url` with the given per-connection options. On a cluster, `enableOfflineQueue`, `lazyConnect`
 * and `enableAutoPipelining` apply to the cluster client; the rest (timeouts, retries) to each node's connection.
 */
export function connectRedis(url: string, options: RedisOptions): RedisClient {
  const sentinel = sentinelAddress(url);
  if (sentinel) return new Redis({ ...options, ...sentinel, ...(options.retryStrategy ? { sentinelRetryStrategy: options.retryStrategy } : {}) });
  const cluster = clusterAddress(url);
  if (!cluster) return new Redis(url, options);
  const { enableOfflineQueue, lazyConnect, enableAutoPipelining, retryStrategy, ...nodeOptions } = options;
  const redisOptions: RedisOptions = { ...nodeOptions };
  if (cluster.username !== undefined) redisOptions.username = cluster.username;
  if (cluster.password !== undefined) redisOptions.password = cluster.password;
  if (cluster.tls) redisOptions.tls = {};
  return new Cluster(cluster.nodes, {
    redisOptions,
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    ...(lazyConnect === undefined ? {} : { lazyConnect }),
    ...(enableAutoPipelining === undefined ? {} : { enableAutoPipelining }),
    ...(retryStrategy ? { clusterRetryStrategy: (times: number) => retryStrategy(times) } : {}),
    // A node that fails over is retried for at most about a command timeout, not ioredis' default 16 redirections.
    maxRedirections: 4,
    slotsRefreshTimeout: nodeOptions.connectTimeout ?? 1000,
  });
}
