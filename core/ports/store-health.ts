/** Reachability of the store behind the key, counter, audit, kill-switch and usage ports. */
export interface StoreHealth {
  /** 'memory' or 'redis': reported as `store` in admin responses. */
  readonly name: string;
  /** True when data is persisted in a store shared by instances. */
  readonly durable: boolean;
  /** Resolves when the store answers; rejects with ServiceError('store_unavailable') otherwise. */
  check(): Promise<void>;
}
