import type { DependencyStatus } from './readiness.js';

/**
 * What a store shared by instances (Redis) adds to its lifecycle: its first connection, and the watch that notices
 * the store lost its data (keeping security state fail-closed) and reports it to readiness. Per-instance memory
 * stores have neither.
 */
export interface SharedStoreLifecycle {
  /** Waits for the first connection; resolves false (and keeps retrying in the background) on failure. */
  connected(): Promise<boolean>;
  loss: {
    /** Checks now and then periodically; `onLoss` is told each loss this instance notices. */
    start(onLoss: (event: object) => void, onError: (error: unknown) => void): void;
    stop(): void;
    health(): Promise<{ status: DependencyStatus; detail: string }>;
  };
}

/** Reachability of the store behind the key, counter, audit, kill-switch and usage ports. */
export interface StoreHealth {
  /** 'memory' or 'redis': reported as `store` in admin responses. */
  readonly name: string;
  /** True when data is persisted in a store shared by instances. */
  readonly durable: boolean;
  /** Resolves when the store answers; rejects with ServiceError('store_unavailable') otherwise. */
  check(): Promise<void>;
}
