/**
 * REDIS_URL's forms, parsed without a Redis client (the configuration checks them before anything connects):
 * `redis+cluster://` seeds and `redis+sentinel://` sentinels with their master group (connection.ts connects).
 */
export interface ClusterAddress {
  nodes: HostPort[];
  username?: string;
  password?: string;
  tls: boolean;
}

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\/(.*)$/i;
const SENTINEL_SCHEME = /^redis\+sentinel:\/\/(.*)$/i;

interface HostPort {
  host: string;
  port: number;
}

interface Seeds {
  nodes: HostPort[];
  username?: string;
  password?: string;
}

/** `[user:password@]host1:port1,host2:port2`: credentials and a list of seed nodes. */
function seeds(text: string, example: string): Seeds {
  const out: Seeds = { nodes: [] };
  let rest = text;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const [user, password] = rest.slice(0, at).split(':', 2).map(decodeURIComponent);
    if (password === undefined) out.password = user;
    else {
      if (user !== '') out.username = user;
      out.password = password;
    }
    rest = rest.slice(at + 1);
  }
  for (const node of rest.split(',')) {
    const parsed = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(node.trim());
    if (!parsed) throw new Error(`REDIS_URL: node ${JSON.stringify(node)} must be host:port (as in ${example})`);
    out.nodes.push({ host: parsed[1], port: Number(parsed[2]) });
  }
  return out;
}

/** The cluster seeds of a `redis+cluster://` URL, or null for any other URL. */
export function clusterAddress(url: string): ClusterAddress | null {
  const match = CLUSTER_SCHEME.exec(url.trim());
  if (!match) return null;
  return { ...seeds(match[2].replace(/\/+$/, ''), 'redis+cluster://h1:7000,h2:7000'), tls: match[1].toLowerCase() === 'rediss' };
}

export interface SentinelAddress {
  sentinels: HostPort[];
  /** The master group name the sentinels monitor. */
  name: string;
  db: number;
  username?: string;
  password?: string;
}

/**
 * The sentinels, master name and db of a `redis+sentinel://[user:password@]h1:26379,h2:26379/<master>[/<db>]` URL,
 * or null for any other URL. Credentials are the master's; the sentinels are reached without a password.
 */
export function sentinelAddress(url: string): SentinelAddress | null {
  const match = SENTINEL_SCHEME.exec(url.trim());
  if (!match) return null;
  const example = 'redis+sentinel://h1:26379,h2:26379/mymaster';
  const [hosts, name, db, ...extra] = match[1].replace(/\/+$/, '').split('/');
  if (!name || extra.length > 0 || (db !== undefined && !/^\d{1,2}$/.test(db))) {
    throw new Error(`REDIS_URL: a sentinel URL names the master group after the sentinels, and optionally a db number (as in ${example}/0)`);
  }
  const { nodes, ...credentials } = seeds(hosts, example);
  return { sentinels: nodes, name: decodeURIComponent(name), db: db === undefined ? 0 : Number(db), ...credentials };
}
