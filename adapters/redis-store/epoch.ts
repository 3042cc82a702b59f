/**
 * Epoch markers: the sign that a group of Redis keys still holds its data. Each group has a marker hash
 * (`<group>:epoch`) with a random id, written when missing. An instance remembers the id it saw; when the id
 * changes (the marker, and so the group's data, vanished and was written again) the group lost its data, and the
 * marker records `lost_at` so every instance, including ones started later, can tell.
 */
import { randomBytes } from 'node:crypto';
import type { RedisClient } from './connection.js';

type EpochRedis = RedisClient & { tenetEpoch(marker: string, candidate: string, nowMs: string, seen: string): Promise<[string, string]> };

export interface EpochReading {
  /** True when this instance saw another id before: the group lost its data since this instance last looked. */
  lostNow: boolean;
  /** When the group last lost its data, as recorded by the first instance that noticed; null if never. */
  lostAt: number | null;
}

export class EpochMarker {
  #seen = '';

  constructor(private readonly redis: RedisClient, readonly marker: string) {}

  async read(nowMs: number): Promise<EpochReading> {
    const [id, lostAt] = await (this.redis as EpochRedis).tenetEpoch(this.marker, randomBytes(8).toString('hex'), String(nowMs), this.#seen);
    const lostNow = this.#seen !== '' && this.#seen !== id;
    this.#seen = id;
    return { lostNow, lostAt: lostAt === '' ? null : Number(lostAt) };
  }
}
