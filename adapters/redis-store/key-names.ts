/**
 * Every Redis key name Tenet writes, in one place. Names are grouped by a hash tag (`{...}`): all keys of one
 * group hash to one Redis Cluster slot, so every Lua script and MULTI (which touch one group each) works on a
 * cluster as on a single Redis. Names are `<prefix>{<group>}:<rest>`; groups:
 *   keys       key records, hash index, id set, revocations of issued keys (tenetCreateKey/Lookup/Revoke)
 *   sec        environment-key revocations and kill switches (the security state written back after a loss)
 *   ctr        counters and monthly usage (tenetAdmit touches a throttle, a rate counter and a usage hash)
 *   audit      audit trail and its sequence (tenetAudit)
 *   analytics, vruns  operations stores
 *   layout     the marker and lock of the key-layout migration (layout-migration.ts)
 * The tag is the group name alone, so deployments with different prefixes on one cluster share these slots.
 * Each group also holds an epoch marker (`<group>:epoch`), the sign that the group's data is still there
 * (adapters/redis-store/store-loss.ts). BullMQ's job keys use their own tagged prefix (`jobPrefix`).
 */

export type KeyGroup = 'keys' | 'sec' | 'ctr' | 'audit' | 'analytics' | 'vruns' | 'layout';

export class RedisKeyNames {
  constructor(readonly prefix: string) {
    if (/[{}]/.test(prefix)) throw new Error(`Redis key prefix ${JSON.stringify(prefix)} must not contain { or } (they select the Redis Cluster slot)`);
  }

  #group(group: KeyGroup): string {
    return `${this.prefix}{${group}}:`;
  }

  epoch(group: KeyGroup): string {
    return `${this.#group(group)}epoch`;
  }

  keyRecord(id: string): string {
    return `${this.keyRecordPrefix()}${id}`;
  }

  /** Prefix of key records; tenetLookup appends the id it finds in the hash index. */
  keyRecordPrefix(): string {
    return `${this.#group('keys')}key:`;
  }

  keyHash(hash: string): string {
    return `${this.#group('keys')}keyhash:${hash}`;
  }

  keyIds(): string {
    return `${this.#group('keys')}ids`;
  }

  keyRevocations(): string {
    return `${this.#group('keys')}revoked`;
  }

  environmentRevocations(): string {
    return `${this.#group('sec')}env-revoked`;
  }

  killSwitches(): string {
    return `${this.#group('sec')}kill`;
  }

  counter(name: string): string {
    return `${this.#group('ctr')}ctr:${name}`;
  }

  usage(month: string): string {
    return `${this.#group('ctr')}usage:${month}`;
  }

  audit(): string {
    return `${this.#group('audit')}entries`;
  }

  auditSequence(): string {
    return `${this.#group('audit')}seq`;
  }

  analyticsSnapshot(instanceId: string): string {
    return `${this.#group('analytics')}instance:${instanceId}`;
  }

  analyticsIndex(): string {
    return `${this.#group('analytics')}instances`;
  }

  validationRun(id: string): string {
    return `${this.#group('vruns')}run:${id}`;
  }

  validationRunSummary(id: string): string {
    return `${this.#group('vruns')}summary:${id}`;
  }

  validationRunIndex(): string {
    return `${this.#group('vruns')}index`;
  }

  /** Set once the keys of the untagged layout were moved to these names (layout-plans.ts). */
  layoutMigrated(): string {
    return `${this.#group('layout')}migrated`;
  }

  layoutMigrationLock(): string {
    return `${this.#group('layout')}lock`;
  }
}

/**
 * BullMQ's prefix for the job queue: wrapped in a hash tag so every key of the queue shares one cluster slot
 * (BullMQ's requirement on a cluster). `tenet:jobs` becomes `{tenet:jobs}`; a prefix already tagged is kept.
 */
export function jobPrefix(prefix: string): string {
  return /\{[^}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}
