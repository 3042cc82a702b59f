/**
 * One place that turns REDIS_URL into an ioredis client: a single Redis (`redis://`, `rediss://`) or a Redis
 * Cluster (`redis+cluster://[user:password@]host1:port1,host2:port2,...`, `rediss+cluster://` for TLS). The
 * cluster nodes listed are seeds: the client discovers the rest of the cluster from them.
 */
import { Cluster, Redis, type ClusterNode, type RedisOptions } from 'ioredis';

export type RedisClient = Redis | Cluster;

export interface ClusterAddress {
  nodes: ClusterNode[];
  username?: string;
  password?: string;
  tls: boolean;
}

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\/(.*)$/i;

/** The cluster seeds of a `redis+cluster://` URL, or null for an ordinary Redis URL. */
export function clusterAddress(url: string): ClusterAddress | null {
  const match = CLUSTER_SCHEME.exec(url.trim());
  if (!match) return null;
  const tls = match[1].toLowerCase() === 'rediss';
  let rest = match[2].replace(/\/+$/, '');
  const address: ClusterAddress = { nodes: [], tls };
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const [user, password] = rest.slice(0, at).split(':', 2).map(decodeURIComponent);
    if (password === undefined) address.password = user;
    else {
      if (user !== '') address.username = user;
      address.password = password;
    }
    rest = rest.slice(at + 1);
  }
  for (const node of rest.split(',')) {
    const parsed = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(node.trim());
    if (!parsed) throw new Error(`REDIS_URL: cluster node ${JSON.stringify(node)} must be host:port (as in redis+cluster://h1:7000,h2:7000)`);
    address.nodes.push({ host: parsed[1], port: Number(parsed[2]) });
  }
  return address;
}

/**
 * A client for `url` with the given per-connection options. On a cluster, `enableOfflineQueue`, `lazyConnect`
 * and `enableAutoPipelining` apply to the cluster client; the rest (timeouts, retries) to each node's connection.
 */
export function connectRedis(url: string, options: RedisOptions): RedisClient {
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
