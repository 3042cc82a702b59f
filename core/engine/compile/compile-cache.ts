/**
 * What compiling the closures of one loaded repository can share: a formula's lowering depends on the closure only
 * through how each identifier resolves (parameter, derived rule or input), so the 53 SNAP packages of one
 * repository lower the federal formulas once per resolution signature, not once per package. One CompileCache
 * belongs to each repository model (RuleRepositoryModel.compileCache) and lives and dies with it; nothing is kept
 * at module level, so two repositories (two apps) never share one.
 *
 * Entries are keyed by the loaded rule and formula objects (weakly: a synthesized rule of a composition that is
 * dropped takes its entries with it). Sizes are explicit: at most SIGNATURES_PER_ENTRY signatures per rule or
 * formula and MAX_ENTRIES entries in all; past either bound a result is computed and returned, not remembered.
 */
import type { Expr } from '../syntax/ast.js';
import type { Deps, IR } from '../check/ir.js';
import type { DerivedRule, ParameterRule } from '../load/model.js';
import type { CompiledDerived, CompiledParameter } from './types.js';

export type Lowered = { ir: IR; deps: Deps };

export class CompileCache {
  /** Distinct namespace signatures remembered per rule or formula (the bundled rules need at most a few). */
  static readonly SIGNATURES_PER_ENTRY = 32;
  /** Remembered results in all (the bundled repository fills about a tenth of it). */
  static readonly MAX_ENTRIES = 500_000;

  #entries = 0;
  readonly #derived = new WeakMap<DerivedRule, Map<string, CompiledDerived>>();
  readonly #parameters = new WeakMap<ParameterRule, CompiledParameter>();
  readonly #idents = new WeakMap<Expr, string[]>();
  readonly #lowerings = new WeakMap<Expr, Map<string, Lowered>>();
  /** A compiled rule's canonical text for package digests (package/digest.ts). */
  readonly #canonicalText = new WeakMap<CompiledDerived | CompiledParameter, string>();

  /** How many results are remembered (for tests and diagnostics). */
  get entries(): number {
    return this.#entries;
  }

  derived(rule: DerivedRule, signature: string, make: () => CompiledDerived): CompiledDerived {
    return this.#bySignature(this.#derived, rule, signature, make);
  }

  lowering(formula: Expr, signature: string, make: () => Lowered): Lowered {
    return this.#bySignature(this.#lowerings, formula, signature, make);
  }

  parameter(rule: ParameterRule, make: () => CompiledParameter): CompiledParameter {
    return this.#once(this.#parameters, rule, make);
  }

  /** A formula's identifiers, sorted (a pure function of the formula). */
  idents(formula: Expr, make: () => string[]): string[] {
    return this.#once(this.#idents, formula, make);
  }

  canonicalText(rule: CompiledDerived | CompiledParameter, make: () => string): string {
    return this.#once(this.#canonicalText, rule, make);
  }

  #once<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.#entries < CompileCache.MAX_ENTRIES) {
      map.set(key, value);
      this.#entries += 1;
    }
    return value;
  }

  #bySignature<K extends object, V>(map: WeakMap<K, Map<string, V>>, key: K, signature: string, make: () => V): V {
    let bySignature = map.get(key);
    const hit = bySignature?.get(signature);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.#entries < CompileCache.MAX_ENTRIES && (bySignature?.size ?? 0) < CompileCache.SIGNATURES_PER_ENTRY) {
      if (bySignature === undefined) map.set(key, (bySignature = new Map()));
      bySignature.set(signature, value);
      this.#entries += 1;
    }
    return value;
  }
}
