/**
 * Caches owned by the object they serve. A compiled program and a runtime package each carry one OwnedCaches,
 * created with them (compileModules, composeProgram, applyParameterOverrides); a later stage that keeps state about
 * its owner (the fast path's layout and kernels per program, its request sessions per package) names that state with
 * a CacheKind and gets it from the owner, made on first use. Nothing is kept at module level: two programs (two
 * packages, two apps) never share a cache, and dropping the owner drops its caches. Each cache states its own bounds
 * where it is defined.
 */

/** A typed name for one stage's cache (a constant of that stage; it holds no state itself). */
export interface CacheKind<T> {
  readonly name: string;
  /** Never read: it only carries the cache's type. */
  readonly type?: T;
}

export class OwnedCaches {
  readonly #byKind = new Map<CacheKind<unknown>, unknown>();

  /** The owner's cache of this kind, made by `make` the first time it is asked for. */
  of<T>(kind: CacheKind<T>, make: () => T): T {
    let cache = this.#byKind.get(kind) as T | undefined;
    if (cache === undefined) this.#byKind.set(kind, (cache = make()));
    return cache;
  }

  /** The kinds made so far (for tests and diagnostics). */
  get kinds(): readonly string[] {
    return [...this.#byKind.keys()].map((k) => k.name);
  }
}
