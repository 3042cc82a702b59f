/**
 * Detects that the shared Redis lost its data (restarted empty, flushed, a cluster node replaced without its data)
 * and keeps security state fail-closed. Every instance, every `checkEveryMs` and on each readiness check:
 * - reads the epoch marker of each key group (epoch.ts); a changed id means the group's data is gone;
 * - remembers the security state it reads: runtime revocations of environment keys (permanent, so a union) and
 *   kill-switch states (an explicit stored state replaces the remembered one; a missing one never does);
 * - when the security group lost its data, writes back what it remembers (HSETNX: a change made after the loss wins).
 * Reads of kill switches and environment revocations also fall back to what is remembered, so the short time before
 * the next check cannot reopen a closed switch. Readiness reports the loss ("shared store data").
 */
import type { KillSwitchName, KillSwitchState } from '../../core/domain/keys/kill-switch.js';
import type { DependencyStatus } from '../../core/ports/readiness.js';
import type { RedisClient } from './connection.js';
import { EpochMarker } from './epoch.js';
import { StoreGuard } from './guard.js';
import type { KeyGroup, RedisKeyNames } from './key-names.js';

const WATCHED: KeyGroup[] = ['keys', 'sec', 'ctr', 'audit'];

export interface StoreLossEvent {
  lost_at: string;
  groups: KeyGroup[];
  restored: { environment_key_revocations: number; kill_switches: number };
}

export interface StoreLossOptions {
  /** How long after a loss readiness stays not ready, so monitoring and load balancers notice (0 = not at all). */
  notReadyMs: number;
  /**
   * The stores' guard (guard.ts): the checks go through it like every other call, so a remembered outage spares
   * them (nothing sent to a frozen store every second, nothing queued in front of a request's call) and a check
   * that finds the store gone is remembered for the requests.
   */
  guard?: StoreGuard;
  checkEveryMs?: number;
  now?: () => number;
}

export class RedisStoreLossWatch {
  readonly #markers: Map<KeyGroup, EpochMarker>;
  readonly #revokedEnv = new Map<string, string>();
  readonly #kill = new Map<string, KillSwitchState>();
  readonly #now: () => number;
  readonly #guard: StoreGuard;
  #lostAt: number | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #onLoss: (event: StoreLossEvent) => void = () => {};

  constructor(
    private readonly redis: RedisClient,
    private readonly names: RedisKeyNames,
    private readonly options: StoreLossOptions,
  ) {
    this.#markers = new Map(WATCHED.map((group) => [group, new EpochMarker(redis, names.epoch(group))]));
    this.#now = options.now ?? Date.now;
    this.#guard = options.guard ?? new StoreGuard();
  }

  /** Checks now and then every `checkEveryMs`; `onLoss` is told each loss this instance notices, by any check. */
  start(onLoss: (event: StoreLossEvent) => void, onError: (error: unknown) => void): void {
    if (this.#timer) return;
    this.#onLoss = onLoss;
    const tick = () => this.check().catch(onError);
    tick();
    this.#timer = setInterval(tick, this.options.checkEveryMs ?? 1_000);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** One check; returns the loss this instance just noticed (after writing security state back), else null. */
  async check(): Promise<StoreLossEvent | null> {
    const now = this.#now();
    const readings = await this.#guard.call(() => Promise.all(WATCHED.map(async (group) => ({ group, ...(await this.#markers.get(group)!.read(now)) }))));
    for (const { lostAt } of readings) if (lostAt !== null && (this.#lostAt === null || lostAt > this.#lostAt)) this.#lostAt = lostAt;
    const lost = readings.filter((r) => r.lostNow).map((r) => r.group);
    const restored = lost.includes('sec') ? await this.#writeBack() : { environment_key_revocations: 0, kill_switches: 0 };
    await this.#remember();
    if (lost.length === 0) return null;
    const event = { lost_at: new Date(this.#lostAt ?? now).toISOString(), groups: lost, restored };
    this.#onLoss(event);
    return event;
  }

  /** Readiness: not ready for `notReadyMs` after a loss; afterwards ready, still naming the loss. */
  async health(): Promise<{ status: DependencyStatus; detail: string }> {
    try {
      await this.check();
    } catch {
      return { status: 'unavailable', detail: 'store unreachable: cannot tell whether it kept its data' };
    }
    if (this.#lostAt === null) return { status: 'ready', detail: 'no data loss seen' };
    const at = new Date(this.#lostAt).toISOString();
    const detail =
      `the shared store lost its data at ${at}: issued keys, counters, usage, audit entries and jobs from before then are gone; ` +
      'environment-key revocations and engaged kill switches that instances knew of were written back';
    return { status: this.#now() < this.#lostAt + this.options.notReadyMs ? 'unavailable' : 'ready', detail };
  }

  noteEnvironmentRevocation(id: string, at: string): void {
    if (!this.#revokedEnv.has(id)) this.#revokedEnv.set(id, at);
  }

  noteKillSwitch(name: KillSwitchName, state: KillSwitchState): void {
    this.#kill.set(name, state);
  }

  rememberedEnvironmentRevocations(): string[] {
    return [...this.#revokedEnv.keys()];
  }

  /** The remembered state of a switch whose stored state is missing (a loss not yet written back). */
  rememberedKillSwitch(name: KillSwitchName): KillSwitchState | undefined {
    return this.#kill.get(name);
  }

  async #remember(): Promise<void> {
    const [revoked, kill] = await this.#guard.call(() => Promise.all([this.redis.hgetall(this.names.environmentRevocations()), this.redis.hgetall(this.names.killSwitches())]));
    for (const [id, at] of Object.entries(revoked)) this.noteEnvironmentRevocation(id, at);
    for (const [name, json] of Object.entries(kill)) this.#kill.set(name, JSON.parse(json) as KillSwitchState);
  }

  async #writeBack(): Promise<StoreLossEvent['restored']> {
    const revocations = [...this.#revokedEnv];
    const engaged = [...this.#kill].filter(([, state]) => state.engaged);
    await this.#guard.call(() =>
      Promise.all([
        ...revocations.map(([id, at]) => this.redis.hsetnx(this.names.environmentRevocations(), id, at)),
        ...engaged.map(([name, state]) => this.redis.hsetnx(this.names.killSwitches(), name, JSON.stringify(state))),
      ]),
    );
    return { environment_key_revocations: revocations.length, kill_switches: engaged.length };
  }
}
