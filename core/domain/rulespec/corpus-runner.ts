/**
 * Companion-test runner (reference §8.2, as the upstream harness does it). Pure: it is handed the loaded
 * repository and the text of each `.test.yaml`; the CLI adapter does the reading and printing.
 */
import { compileClosure, type CompileResult, type CompiledProgram } from './compile.js';
import { jurisdictionOf, splitId } from './ids.js';
import { parseYaml } from './module-loader.js';
import type { RuleRepositoryModel } from './repository.js';
import { Evaluator, liveVersion, type Dataset, type Period } from './evaluate.js';
import { Decimal, EvalError, daysToIso, fromRaw, isoToDays, show, toJson, type Value } from './values.js';

export interface OutputFailure {
  readonly ruleId: string;
  readonly expected: unknown;
  readonly actual?: unknown;
  readonly error?: string;
}

export interface CaseResult {
  readonly module: string;
  readonly jurisdiction: string;
  readonly file: string;
  readonly name: string;
  readonly passed: boolean;
  /** Case-level error (closure compile failure, bad period, rejected input...). */
  readonly error?: string;
  readonly failures: readonly OutputFailure[];
  /** The same case on a second evaluation path (the fast path), when the run has one. */
  readonly second?: SecondPathResult;
}

/**
 * A second evaluation path run on every case (the fast path, core/domain/fastpath): values of `outputs`
 * (derived rule names) per entity id, or undefined for an entity it hands back to the explain path.
 */
export type SecondPath = (program: CompiledProgram, data: Dataset, period: Period, outputs: readonly string[], entities: readonly string[]) => readonly (readonly Value[] | undefined)[];

export interface SecondPathResult {
  readonly passed: boolean;
  /** False when the second path handed the case back (its outcome is then the explain path's). */
  readonly native: boolean;
  readonly failures: readonly OutputFailure[];
}

export interface JurisdictionSummary {
  readonly jurisdiction: string;
  readonly passed: number;
  readonly failed: number;
}

export interface CorpusReport {
  readonly passed: number;
  readonly failed: number;
  readonly files: number;
  readonly jurisdictions: readonly JurisdictionSummary[];
  /** Failing cases only (passing cases are counted, not listed). */
  readonly failures: readonly CaseResult[];
  /** Second-path totals (cases; `native` evaluated by it, `fallback` handed back), when the run has one. */
  readonly second?: { readonly passed: number; readonly failed: number; readonly native: number; readonly fallback: number; readonly failures: readonly CaseResult[] };
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function lastDayOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Parses a test `period` (§8.1). */
export function parseTestPeriod(raw: unknown): Period {
  if (typeof raw === 'string') {
    const m = /^(\d{4})-(\d{2})$/.exec(raw);
    if (m) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      if (mo < 1 || mo > 12) throw new EvalError(`invalid month period "${raw}"`);
      return { kind: 'month', start: `${m[1]}-${m[2]}-01`, end: `${m[1]}-${m[2]}-${String(lastDayOfMonth(y, mo)).padStart(2, '0')}` };
    }
    if (isoToDays(raw) !== undefined) return { kind: 'custom', name: 'day', start: raw, end: raw };
    throw new EvalError(`unrecognised period "${raw}"`);
  }
  if (isObj(raw)) {
    const kind = String(raw.period_kind ?? raw.kind ?? '');
    const start = String(raw.start ?? '');
    const end = String(raw.end ?? '');
    if (!['month', 'tax_year', 'benefit_week', 'custom'].includes(kind)) throw new EvalError(`unknown period_kind "${kind}"`);
    if (isoToDays(start) === undefined || isoToDays(end) === undefined) throw new EvalError('a period needs start and end dates (YYYY-MM-DD)');
    if (kind === 'custom' && raw.name === undefined) throw new EvalError('a custom period needs a name');
    if (end < start) throw new EvalError('a period cannot end before it starts');
    return { kind, start, end, name: raw.name === undefined ? undefined : String(raw.name) };
  }
  throw new EvalError(`unrecognised period ${JSON.stringify(raw)} (a bare year is not a period)`);
}

const snake = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Compares an expected test value with an actual value (§4.7, §8.2 step 9). */
export function matchesExpected(expected: unknown, actual: Value): boolean {
  if (typeof expected === 'string') {
    const word = expected.toLowerCase().replace(/-/g, '_');
    if (word === 'holds' || word === 'not_holds' || word === 'undetermined') {
      if (actual.k === 'judg') return actual.j === word;
      if (actual.k === 'bool') return word !== 'undetermined' && actual.b === (word === 'holds');
      return false;
    }
    if (actual.k === 'text') return actual.s === expected;
    if (actual.k === 'date') return daysToIso(actual.days) === expected;
    if (actual.k === 'num' && /^[+-]?\d+(\.\d+)?$/.test(expected.trim())) return actual.n.minus(new Decimal(expected.trim())).abs().lte('1e-18');
    return false;
  }
  if (typeof expected === 'boolean') {
    if (actual.k === 'bool') return actual.b === expected;
    if (actual.k === 'judg') return actual.j === (expected ? 'holds' : 'not_holds');
    return false;
  }
  if (typeof expected === 'number') {
    if (actual.k !== 'num') return false;
    return actual.n.minus(new Decimal(String(expected))).abs().lte('1e-18');
  }
  return false;
}

interface Row {
  readonly id: string;
  readonly fields: Obj;
}

/** Runs all cases of one test file against its module's closure. */
export function runTestFile(
  repo: RuleRepositoryModel,
  moduleId: string,
  file: string,
  text: string,
  compile: (moduleId: string) => CompileResult = (id) => compileClosure([id], repo.modules),
  second?: SecondPath,
): CaseResult[] {
  const jurisdiction = jurisdictionOf(moduleId);
  const fail = (name: string, error: string): CaseResult => ({ module: moduleId, jurisdiction, file, name, passed: false, error, failures: [] });
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    return [fail('(file)', `YAML error: ${(e as Error).message.split('\n')[0]}`)];
  }
  if (!Array.isArray(doc)) return [fail('(file)', 'a test file must be a YAML list of cases')];
  const compiled = compile(moduleId);
  const out: CaseResult[] = [];
  doc.forEach((c, i) => {
    const name = isObj(c) && c.name !== undefined ? String(c.name) : `case-${i + 1}`;
    if (!compiled.ok) {
      const d = compiled.diagnostics[0];
      out.push(fail(name, `closure does not compile: ${d.file}${d.rule ? ` rule ${d.rule}` : ''}${d.line ? ` line ${d.line}` : ''}: ${d.message}`));
      return;
    }
    try {
      out.push(runCase(compiled.program, moduleId, jurisdiction, file, name, c, i + 1, second));
    } catch (e) {
      out.push(fail(name, (e as Error).message));
    }
  });
  return out;
}

function runCase(program: CompiledProgram, moduleId: string, jurisdiction: string, file: string, name: string, c: unknown, n: number, second?: SecondPath): CaseResult {
  if (!isObj(c)) throw new EvalError('a test case must be a mapping');
  const period = parseTestPeriod(c.period);
  const outputs = c.output;
  if (!isObj(outputs) || Object.keys(outputs).length === 0) throw new EvalError('"output" must be a non-empty mapping');
  const input = c.input === undefined || c.input === null ? {} : c.input;
  if (!isObj(input)) throw new EvalError('"input" must be a mapping');

  // Resolve outputs to rules by durable id (falling back to the fragment).
  const resolved: { key: string; name: string; kind: 'derived' | 'parameter' }[] = [];
  for (const key of Object.keys(outputs)) {
    const s = splitId(key);
    if (!s || s.kind !== 'rule') throw new EvalError(`output "${key}" is not a durable rule id`);
    const nm = program.idToName.get(key) ?? s.name;
    if (program.derived.has(nm)) resolved.push({ key, name: nm, kind: 'derived' });
    else if (program.parameters.has(nm)) resolved.push({ key, name: nm, kind: 'parameter' });
    else throw new EvalError(`output "${key}" is not a rule in this closure`);
  }
  const entities = new Set<string>();
  for (const r of resolved) {
    const e = r.kind === 'derived' ? program.derived.get(r.name)?.rule.entity : undefined;
    if (e) entities.add(e);
  }
  if (entities.size > 1) throw new EvalError(`outputs mix entities (${[...entities].join(', ')}); one case queries one entity`);
  const entity = [...entities][0];

  let qid: string | undefined;
  for (const k of ['entity_id', 'id', ...(entity ? [`${snake(entity)}_id`] : [])]) if (typeof c[k] === 'string' || typeof c[k] === 'number') qid ??= String(c[k]);
  if (qid === undefined) for (const [k, v] of Object.entries(c)) if (k.endsWith('_id') && (typeof v === 'string' || typeof v === 'number')) qid ??= String(v);
  qid ??= `case-${n}`;

  const inputs = new Map<string, Map<string, Value>>();
  const put = (slot: string, ent: string, v: Value): void => {
    let m = inputs.get(slot);
    if (!m) inputs.set(slot, (m = new Map()));
    const prev = m.get(ent);
    if (prev !== undefined && JSON.stringify(prev) !== JSON.stringify(v)) throw new EvalError(`ambiguous input "${slot}": ${show(prev)} and ${show(v)}`);
    m.set(ent, v);
  };
  const relations = new Map<string, [string, string][]>();
  const slotOf = (key: string): string => {
    const s = splitId(key);
    if (!s) return key;
    if (s.kind === 'rule') {
      if (program.derived.has(s.name) || program.parameters.has(s.name)) throw new EvalError(`input "${key}" names a computed rule; derived rules and parameters cannot be supplied`);
      return s.name;
    }
    return s.name;
  };
  for (const [key, raw] of Object.entries(input)) {
    if (Array.isArray(raw)) {
      const s = splitId(key);
      const rel = s ? s.name : key;
      let tuples = relations.get(rel);
      if (!tuples) relations.set(rel, (tuples = []));
      raw.forEach((row, j) => {
        if (!isObj(row)) throw new EvalError(`relation row ${j + 1} of "${key}" is not a mapping`);
        const member = row.id !== undefined ? String(row.id) : row.entity_id !== undefined ? String(row.entity_id) : `${qid}-${rel}-${j + 1}`;
        tuples!.push([member, qid!]);
        for (const [fk, fv] of Object.entries(row)) {
          if (fk === 'id' || fk === 'entity_id') continue;
          if (typeof fv === 'object' && fv !== null) throw new EvalError(`relation row field "${fk}" must be a scalar`);
          put(slotOf(fk), member, fromRaw(fv));
        }
      });
      continue;
    }
    if (typeof raw === 'object' && raw !== null) throw new EvalError(`input "${key}" must be a scalar or a list of relation rows`);
    if (raw === null) continue;
    put(slotOf(key), qid, fromRaw(raw));
  }

  const tableRows = new Map<string, Row[]>();
  if (isObj(c.tables)) {
    for (const [ent, rows] of Object.entries(c.tables)) {
      if (!Array.isArray(rows)) throw new EvalError(`tables.${ent} must be a list`);
      const list: Row[] = rows.map((row, j) => {
        if (!isObj(row)) throw new EvalError(`tables.${ent}[${j}] is not a mapping`);
        const idv = row.id ?? row.entity_id ?? row[`${snake(ent)}_id`];
        const id = idv !== undefined ? String(idv) : `${snake(ent)}-${j + 1}`;
        for (const [fk, fv] of Object.entries(row)) {
          if (fk === 'id' || fk === 'entity_id') continue;
          if (typeof fv === 'object' && fv !== null) throw new EvalError(`tables.${ent}[${j}].${fk} must be a scalar`);
          put(slotOf(fk), id, fromRaw(fv));
        }
        return { id, fields: row };
      });
      tableRows.set(ent, list);
    }
  }

  const data: Dataset = { inputs, relations };
  const ev = new Evaluator(program, data, period);
  const failures: OutputFailure[] = [];
  for (const r of resolved) {
    const expected = outputs[r.key];
    try {
      if (r.kind === 'parameter') {
        const actual = harnessParameter(program, r.name, period, inputs, qid);
        if (!matchesExpected(expected, actual)) failures.push({ ruleId: r.key, expected, actual: toJson(actual) });
        continue;
      }
      if (Array.isArray(expected)) {
        const ent = program.derived.get(r.name)?.rule.entity;
        const rows = (ent && tableRows.get(ent)) || (tableRows.size === 1 ? [...tableRows.values()][0] : undefined);
        if (!rows) throw new EvalError('a list expectation needs a tables: block for the rule\'s entity');
        const actuals: unknown[] = [];
        let ok = rows.length === expected.length;
        rows.forEach((row, j) => {
          const v = ev.evaluate(r.name, row.id);
          actuals.push(toJson(v));
          if (!matchesExpected(expected[j], v)) ok = false;
        });
        if (!ok) failures.push({ ruleId: r.key, expected, actual: actuals });
        continue;
      }
      const actual = ev.evaluate(r.name, qid);
      if (!matchesExpected(expected, actual)) failures.push({ ruleId: r.key, expected, actual: toJson(actual) });
    } catch (e) {
      failures.push({ ruleId: r.key, expected, error: (e as Error).message });
    }
  }
  const passed = failures.length === 0;
  const secondResult = second ? runSecond(second, program, data, period, resolved, outputs, tableRows, qid, { passed, failures }) : undefined;
  return { module: moduleId, jurisdiction, file, name, passed, failures, second: secondResult };
}

/** The case's derived outputs on the second path, checked against the same expectations. */
function runSecond(
  second: SecondPath,
  program: CompiledProgram,
  data: Dataset,
  period: Period,
  resolved: readonly { key: string; name: string; kind: 'derived' | 'parameter' }[],
  outputs: Obj,
  tableRows: ReadonlyMap<string, Row[]>,
  qid: string,
  explain: { passed: boolean; failures: readonly OutputFailure[] },
): SecondPathResult {
  const derived = resolved.filter((r) => r.kind === 'derived');
  const rowsOf = (name: string): Row[] | undefined => {
    const ent = program.derived.get(name)?.rule.entity;
    return (ent && tableRows.get(ent)) || (tableRows.size === 1 ? [...tableRows.values()][0] : undefined);
  };
  const entities = new Set<string>([qid]);
  for (const r of derived) if (Array.isArray(outputs[r.key])) for (const row of rowsOf(r.name) ?? []) entities.add(row.id);
  const ids = [...entities];
  let values: readonly (readonly Value[] | undefined)[];
  try {
    values = derived.length > 0 ? second(program, data, period, derived.map((r) => r.name), ids) : [];
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    values = ids.map(() => undefined);
  }
  if (derived.length > 0 && values.some((v) => v === undefined)) return { passed: explain.passed, native: false, failures: explain.failures };
  const at = (id: string, j: number): Value => (values[ids.indexOf(id)] as readonly Value[])[j];
  const failures: OutputFailure[] = explain.failures.filter((f) => !derived.some((r) => r.key === f.ruleId));
  derived.forEach((r, j) => {
    const expected = outputs[r.key];
    if (Array.isArray(expected)) {
      const rows = rowsOf(r.name) ?? [];
      const actuals = rows.map((row) => at(row.id, j));
      if (rows.length !== expected.length || actuals.some((v, i) => !matchesExpected(expected[i], v))) failures.push({ ruleId: r.key, expected, actual: actuals.map(toJson) });
    } else {
      const v = at(qid, j);
      if (!matchesExpected(expected, v)) failures.push({ ruleId: r.key, expected, actual: toJson(v) });
    }
  });
  return { passed: failures.length === 0, native: true, failures };
}

/** The harness's own parameter path (§8.2 step 8): ignores effective_to; key from the indexed_by input. */
function harnessParameter(program: CompiledProgram, name: string, period: Period, inputs: Map<string, Map<string, Value>>, qid: string): Value {
  const p = program.parameters.get(name)!;
  const v = liveVersion(p.versions, period.start, false);
  if (!v || !v.cells) throw new EvalError(`parameter ${p.id} has no value at ${period.start}`, { kind: 'period_not_covered', rule: p.id, period: period.start });
  let key = 0;
  if (p.rule.table && p.rule.indexedBy) {
    const byEntity = inputs.get(p.rule.indexedBy);
    const k = byEntity?.get(qid) ?? (byEntity && byEntity.size > 0 ? [...byEntity.values()][0] : undefined);
    if (k === undefined) throw new EvalError(`missing input "${p.rule.indexedBy}" to index parameter ${p.id}`, { kind: 'missing_input', input: p.rule.indexedBy, entity: qid });
    if (k.k !== 'num' || !k.n.isInteger()) throw new EvalError(`parameter ${p.id}: table key must be an integer`, { kind: 'type_mismatch' });
    key = k.n.toNumber();
  }
  const cell = v.cells.get(key);
  if (cell === undefined) throw new EvalError(`parameter ${p.id} has no value for key ${key} at ${period.start}`, { kind: 'table_key_not_covered', parameter: p.id, key, period: period.start });
  return cell;
}

export interface RunCorpusOptions {
  /** Only test files whose path contains this substring. */
  readonly filter?: string;
  /** Also run every case on this second evaluation path (the fast path) and report it. */
  readonly second?: SecondPath;
}

/** Runs every companion test file in the repository. `testText` returns a test file's text. */
export function runCorpus(repo: RuleRepositoryModel, testText: (path: string) => string, options: RunCorpusOptions = {}): CorpusReport {
  const byJur = new Map<string, { passed: number; failed: number }>();
  const failures: CaseResult[] = [];
  let passed = 0;
  let failed = 0;
  let files = 0;
  const sec = { passed: 0, failed: 0, native: 0, fallback: 0, failures: [] as CaseResult[] };
  for (const [moduleId, path] of repo.testFiles) {
    if (options.filter && !path.includes(options.filter)) continue;
    files++;
    let results: CaseResult[];
    if (!repo.modules.has(moduleId)) {
      results = [{ module: moduleId, jurisdiction: jurisdictionOf(moduleId), file: path, name: '(file)', passed: false, error: 'no module for this test file', failures: [] }];
    } else results = runTestFile(repo, moduleId, path, testText(path), undefined, options.second);
    for (const r of results) {
      if (options.second) {
        const ok = r.second ? r.second.passed : r.passed;
        if (ok) sec.passed++;
        else {
          sec.failed++;
          sec.failures.push(r);
        }
        if (r.second?.native) sec.native++;
        else sec.fallback++;
      }
      const j = byJur.get(r.jurisdiction) ?? { passed: 0, failed: 0 };
      byJur.set(r.jurisdiction, j);
      if (r.passed) {
        passed++;
        j.passed++;
      } else {
        failed++;
        j.failed++;
        failures.push(r);
      }
    }
  }
  const jurisdictions = [...byJur.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([jurisdiction, c]) => ({ jurisdiction, ...c }));
  return { passed, failed, files, jurisdictions, failures, second: options.second ? sec : undefined };
}
