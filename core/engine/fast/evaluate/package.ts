/**
 * Runtime packages on the fast path: one request (same request and result shapes as evaluatePackage; the trace,
 * when asked for, from the trace-mode kernel), falling back to the explain path for a request the kernel cannot
 * carry exactly.
 */
import { evaluatePackage, packageDataset, type PackageRequest, type PackageResult, type RuntimePackage } from '../../package/index.js';
import { EvalError, toJson } from '../../values.js';
import { parsePeriod } from '../../period.js';
import type { Period } from '../../explain/evaluate.js';
import type { CacheKind } from '../../owned-caches.js';
import { evaluateDatasetFast } from './dataset.js';
import { PackageSession, kept, sameList } from './session.js';
import { scaleOf } from '../input/scale.js';
import { relationName } from '../../syntax/ids.js';
import { layoutOf } from '../kernel/kernel.js';
import { BoundedMap } from '../../../domain/bounded-map.js';

export interface FastPackageResult extends PackageResult {
  /** 'fast' when the generated kernel computed every output; 'explain' when it fell back. */
  readonly path: 'fast' | 'explain';
}

/**
 * What the fast path keeps per runtime package (package.caches): sessions by period, decimals and output list (the
 * last one used checked first), parsed request periods, and the package facts sessions need. Bounds: at most
 * MAX_SESSIONS sessions and MAX_PERIODS parsed periods (oldest dropped first, core/domain/bounded-map.ts).
 */
export class PackageSessions {
  static readonly MAX_SESSIONS = 64;
  static readonly MAX_PERIODS = 1024;

  /** The person relation's bare name and the outputs a trace kernel computes. */
  readonly personRelation: string | undefined;
  readonly traceOutputs: readonly string[];
  readonly traceOutputSet: ReadonlySet<string>;
  readonly #pkg: RuntimePackage;
  readonly #byKey = new BoundedMap<string, PackageSession>(PackageSessions.MAX_SESSIONS);
  readonly #periods = new BoundedMap<string, Period>(PackageSessions.MAX_PERIODS);
  /** What is known of each frozen output list a request named (a screen names the same few lists request after request). */
  readonly #lists = new WeakMap<readonly string[], OutputList>();
  #last: { start: string; end: string; decimals: number; outputs: readonly string[]; session: PackageSession } | undefined;

  constructor(pkg: RuntimePackage) {
    this.#pkg = pkg;
    const raw = pkg.spec.profile.person.relation;
    this.personRelation = raw === undefined ? undefined : relationName(raw);
    this.traceOutputs = Object.freeze(pkg.spec.outputs.filter((o) => pkg.program.derived.has(o)));
    this.traceOutputSet = new Set(this.traceOutputs);
  }

  /** How many sessions are remembered (for tests and diagnostics). */
  get size(): number {
    return this.#byKey.size;
  }

  session(period: Period, outputs: readonly string[], decimals: number): PackageSession {
    // Requests in a row mostly share period, scale and outputs: compare those before building a key.
    const last = this.#last;
    if (last && last.start === period.start && last.end === period.end && last.decimals === decimals && sameList(last.outputs, outputs)) return last.session;
    const key = `${period.start}|${period.end}|${decimals}|${outputs.join(',')}`;
    let s = this.#byKey.get(key);
    if (!s) {
      this.#byKey.set(key, (s = new PackageSession(this.#pkg, { period, outputs, decimals })));
    }
    this.#last = { start: period.start, end: period.end, decimals, outputs: kept(outputs), session: s };
    return s;
  }

  /** Whether the program derives every name of `names` and the trace kernel computes them all (known once per frozen list). */
  outputList(names: readonly string[]): OutputList {
    let list = this.#lists.get(names);
    if (list === undefined) {
      list = { known: names.every((o) => this.#pkg.program.derived.has(o)), traced: names.every((o) => this.traceOutputSet.has(o)) };
      if (Object.isFrozen(names)) this.#lists.set(names, list);
    }
    return list;
  }

  /** A request's period, parsed once (request periods repeat; a Period is never changed once made). */
  period(raw: string | Period): Period {
    if (typeof raw === 'object') return raw;
    let period = this.#periods.get(raw);
    if (period === undefined) {
      period = parsePeriod(raw);
      this.#periods.set(raw, period);
    }
    return period;
  }
}

interface OutputList {
  readonly known: boolean;
  readonly traced: boolean;
}

const PACKAGE_SESSIONS: CacheKind<PackageSessions> = { name: 'fast sessions' };

/** The package's own fast-path sessions. */
export function sessionsOf(pkg: RuntimePackage): PackageSessions {
  return pkg.caches.of(PACKAGE_SESSIONS, () => new PackageSessions(pkg));
}


/** Decimal places the request's numbers need (at least 2: cents share one kernel), or -1 beyond 6. */
function decimalsOf(records: readonly Record<string, unknown>[]): number {
  let d = 2;
  for (const r of records)
    for (const key in r) {
      const v = r[key];
      if (typeof v !== 'number' || Number.isInteger(v)) continue;
      const s = scaleOf(v);
      if (s < 0) return -1;
      if (s > d) d = s;
    }
  return d;
}

/**
 * The household and its people when the request has the session's shape: people only as members of the household
 * in data relations, every given relation listing the same people (the screen's merged package gives SNAP's and
 * Medicaid's), and `given`, those relations' layout indexes. The records are the request's own (sessions only read them).
 */
function sessionShape(pkg: RuntimePackage, req: PackageRequest, entityId: string): { household: Record<string, unknown>; people: Record<string, unknown>[]; ids: string[]; given: number[] } | undefined {
  const inputs = req.inputs ?? {};
  const relations = req.relations ?? {};
  const { relationIndex } = layoutOf(pkg.program);
  const given: number[] = [];
  let members: Set<string> | undefined;
  for (const name in relations) {
    const bare = relationName(name);
    const index = relationIndex.get(bare);
    if (index === undefined || pkg.program.relations.get(bare)?.kind === 'derived') return undefined;
    const these = new Set<string>();
    for (const [m, current] of relations[name]) {
      if (current !== entityId || m === entityId) return undefined;
      these.add(m);
    }
    if (members !== undefined && !sameMembers(members, these)) return undefined;
    members = these;
    given.push(index);
  }
  if (given.length > 0 && sessionsOf(pkg).personRelation === undefined) return undefined;
  members ??= new Set();
  for (const id in inputs) if (id !== entityId && !members.has(id)) return undefined;
  // Sorted by id: the order the explain path visits relation members in (and records them in the trace).
  const ids = [...members].sort();
  const people: Record<string, unknown>[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) people[i] = inputs[ids[i]] ?? {};
  return { household: inputs[entityId] ?? {}, people, ids, given };
}

function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const m of a) if (!b.has(m)) return false;
  return true;
}

/**
 * Outputs (and per-output errors) of a package request, identical to evaluatePackage's. With `trace: true`
 * the trace comes from the trace-mode kernel (identical to the explain path's), or from the explain path
 * itself when the request falls back. With `trace: 'if-doubted-read'` the plain kernel answers without a trace
 * when it read no parameter version declared unverified (session.ts mayHaveReadDoubted), else as with `true`.
 */
export function evaluatePackageFast(pkg: RuntimePackage, req: PackageRequest): FastPackageResult {
  const names = req.outputs ?? pkg.spec.outputs;
  const known = sessionsOf(pkg).outputList(names).known;
  if (known) {
    // Session first: raw JSON straight into typed columns (no Decimal values are built).
    const period0 = sessionsOf(pkg).period(req.period ?? pkg.spec.period);
    const answered = fromSession(pkg, req, names, period0);
    if (answered) return answered;
  }
  const { period, entityId, data } = packageDataset(pkg, req);
  if (known && !req.trace) {
    let res: ReturnType<typeof evaluateDatasetFast> | undefined;
    try {
      res = evaluateDatasetFast(pkg.program, data, period, names, [entityId]);
    } catch (e) {
      if (!(e instanceof EvalError)) throw e;
    }
    const row = res?.values[0];
    if (row) {
      const outputs: Record<string, string | number | boolean> = {};
      names.forEach((o, j) => (outputs[o] = toJson(row[j])));
      return { period, outputs, errors: {}, trace: [], path: 'fast' };
    }
  }
  return { ...evaluatePackage(pkg, req), path: 'explain' };
}

/** The request on a package session, or undefined when the explain path must answer it. */
function fromSession(pkg: RuntimePackage, req: PackageRequest, names: readonly string[], period0: Period): FastPackageResult | undefined {
  try {
    const entity = req.entityId ?? 'household';
    const shape = sessionShape(pkg, req, entity);
    const decimals = shape ? decimalsOf([shape.household, ...shape.people]) : -1;
    if (!shape || decimals < 0) return undefined;
    if (req.trace === 'if-doubted-read') {
      // The untraced kernel first: when it certainly read no doubted figure, no trace is needed.
      const session = sessionsOf(pkg).session(period0, names, decimals);
      const outputs = session.evaluate(shape.household, shape.people, shape.given);
      if (outputs && !session.mayHaveReadDoubted) return { period: period0, outputs, errors: {}, trace: [], path: 'fast' };
    }
    if (req.trace) {
      // One trace kernel per package output list (outputs selected at run time): a request naming a new subset
      // of outputs does not generate code.
      const sessions = sessionsOf(pkg);
      const session = sessions.session(period0, sessions.outputList(names).traced ? sessions.traceOutputs : names, decimals);
      const select = session.selection(names);
      const r = session.evaluateTraced(shape.household, shape.people, [entity, ...shape.ids], select, shape.given, req.traceRules);
      return r ? { period: period0, outputs: r.outputs, errors: {}, trace: r.trace, path: 'fast' } : undefined;
    }
    const outputs = sessionsOf(pkg).session(period0, names, decimals).evaluate(shape.household, shape.people, shape.given);
    return outputs ? { period: period0, outputs, errors: {}, trace: [], path: 'fast' } : undefined;
  } catch (e) {
    // Generated code is an optimisation: whatever goes wrong in it, the explain path still answers correctly.
    if (e instanceof EvalError) throw e;
    return undefined;
  }
}
