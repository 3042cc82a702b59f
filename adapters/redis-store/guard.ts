import { ReplyError } from 'ioredis';
import { ServiceError } from '../../core/domain/errors.js';

/**
 * The one guard every Redis call goes through (key stores, jobs, analytics, validation runs), so every path
 * follows one rule: a failure of the store becomes 503 store_unavailable; a JavaScript failure inside the call
 * (JSON.stringify of a circular or too deep value gives TypeError or RangeError) is not the store's and is passed
 * on as it is (the HTTP layer answers a generic 500 and logs it), never reported or counted as an outage.
 *
 * `storeCall` is the rule for one call. A `StoreGuard` adds the memory of an outage: one per app, shared by every
 * Redis client of the app (keys, analytics and validation runs, jobs), so that a request waits for the store at most
 * one command timeout in all (docs/operations.md, "Timeouts").
 */
export interface StoreCallOptions {
  /** The message of the 503 (the HTTP layer's default when omitted). */
  unavailable?: string;
  /** Give up after this long even when the client has no timeout of its own (BullMQ calls). */
  timeoutMs?: number;
}

export function isLocalFault(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError;
}

export async function storeCall<T>(work: () => Promise<T>, options: StoreCallOptions = {}): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (options.timeoutMs === undefined) return await work();
    const ms = options.timeoutMs;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    });
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof ServiceError || isLocalFault(error)) throw error;
    throw new ServiceError('store_unavailable', options.unavailable, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** How long an outage is remembered after a call failed for want of the store. */
export const OUTAGE_MEMORY_MS = 1_000;

export interface StoreGuardOptions {
  /** How long an outage is remembered (default OUTAGE_MEMORY_MS). */
  memoryMs?: number;
  now?: () => number;
}

/** What the guard did with the calls given to it (tests and the chaos run read it). */
export interface StoreGuardCounts {
  /** Calls that went to the store. */
  sent: number;
  /** Calls answered store_unavailable at once, because an outage was remembered or a probe was on its way. */
  refused: number;
}

/**
 * A circuit breaker over the shared store. A call that fails because the store did not answer (a timeout, a lost
 * connection; not a Redis error reply such as WRONGTYPE, which is an answer) opens it: for `memoryMs` every call is
 * refused with store_unavailable at once instead of waiting its own command timeout. Then one call goes to the
 * store as a probe, the others still refused until it returns: an answer closes the breaker, a failure opens it
 * again. So a frozen Redis costs a request at most one command timeout (its first call after the freeze), and
 * requests after that, and the store-free routes that only try the store on their way, do not wait at all.
 */
export class StoreGuard {
  readonly #memoryMs: number;
  readonly #now: () => number;
  #downUntil = 0;
  #probing = false;
  readonly #counts: StoreGuardCounts = { sent: 0, refused: 0 };
  /** Calls on their way, each with the way to end it when another call finds the store gone. */
  readonly #inFlight = new Set<() => void>();

  constructor(options: StoreGuardOptions = {}) {
    this.#memoryMs = options.memoryMs ?? OUTAGE_MEMORY_MS;
    this.#now = options.now ?? Date.now;
  }

  get counts(): Readonly<StoreGuardCounts> {
    return { ...this.#counts };
  }

  /** True while an outage is remembered (the next call after it is a probe). */
  get remembersOutage(): boolean {
    return this.#downUntil !== 0;
  }

  async call<T>(work: () => Promise<T>, options: StoreCallOptions = {}): Promise<T> {
    if (this.#probing || this.#now() < this.#downUntil) {
      this.#counts.refused += 1;
      throw unavailable(options, 'the store did not answer a moment ago; not asked again yet');
    }
    const probe = this.#downUntil !== 0;
    this.#probing = probe;
    this.#counts.sent += 1;
    let end: (error: ServiceError) => void = () => {};
    const ended = new Promise<never>((_, reject) => (end = reject));
    let aborted = false;
    const abort = () => {
      aborted = true;
      end(unavailable(options, 'another call found the store not answering'));
    };
    this.#inFlight.add(abort);
    try {
      const result = await Promise.race([storeCall(work, options), ended]);
      this.#downUntil = 0;
      return result;
    } catch (error) {
      // An error reply is an answer: the store is there. A local fault says nothing about it.
      if (aborted) throw error;
      if (isOutage(error)) this.#open();
      else if (!isLocalFault(error)) this.#downUntil = 0;
      throw error;
    } finally {
      this.#inFlight.delete(abort);
      if (probe) this.#probing = false;
    }
  }

  /**
   * Remembers the outage and ends the calls still waiting: with a frozen store they would each wait out their own
   * timeout, some after another (a command queued behind an unanswered pipeline is sent only when that one fails).
   */
  #open(): void {
    this.#downUntil = this.#now() + this.#memoryMs;
    const waiting = [...this.#inFlight];
    this.#inFlight.clear();
    for (const abort of waiting) abort();
  }
}

function unavailable(options: StoreCallOptions, why: string): ServiceError {
  return new ServiceError('store_unavailable', options.unavailable, { cause: new Error(why) });
}

/**
 * A store_unavailable whose cause is the store's silence or absence, not an answer it gave: an error reply
 * (ReplyError) or an answer that did not parse (SyntaxError) came from a store that is there.
 */
function isOutage(error: unknown): boolean {
  return error instanceof ServiceError && error.code === 'store_unavailable' && !(error.cause instanceof ReplyError) && !(error.cause instanceof SyntaxError);
}
