/**
 * One companion-test case: a case mapping and its module's compiled closure → the case's facts (inputs, relation
 * rows, table rows on a query entity), each expected output checked on the explain path (parameters through the
 * harness's own path, §8.2 step 8) and, when given, on a second path.
 */
import type { CompiledProgram } from '../compile/index.js';
import { Evaluator, liveVersion, type Dataset, type Period } from '../explain/evaluate.js';
import { splitId } from '../syntax/ids.js';
import { EvalError, fromRaw, show, toJson, type Value } from '../values.js';
import { matchesExpected, parseTestPeriod } from './expectations.js';
import type { CaseResult, OutputFailure, SecondPath, SecondPathResult } from './types.js';
import { isObject } from '../../domain/is-object.js';

type Obj = Record<string, unknown>;
const snake = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

interface Row {
  readonly id: string;
  readonly fields: Obj;
}

export function runCase(program: CompiledProgram, moduleId: string, jurisdiction: string, file: string, name: string, c: unknown, n: number, second?: SecondPath): CaseResult {
  if (!isObject(c)) throw new EvalError('a test case must be a mapping');
  const period = parseTestPeriod(c.period);
  const outputs = c.output;
  if (!isObject(outputs) || Object.keys(outputs).length === 0) throw new EvalError('"output" must be a non-empty mapping');
  const input = c.input === undefined || c.input === null ? {} : c.input;
  if (!isObject(input)) throw new EvalError('"input" must be a mapping');
  const { resolved, entity } = resolveOutputs(program, outputs);
  const qid = queryId(c, entity, n);
  const { inputs, relations, tableRows } = caseFacts(program, c, input, qid);
  const data: Dataset = { inputs, relations };
  const failures = checkOutputs(program, data, period, resolved, outputs, tableRows, qid);
  const passed = failures.length === 0;
  const secondResult = second ? runSecond(second, program, data, period, resolved, outputs, tableRows, qid, { passed, failures }) : undefined;
  return { module: moduleId, jurisdiction, file, name, passed, failures, second: secondResult };
}

type ResolvedOutput = { key: string; name: string; kind: 'derived' | 'parameter' };

/** The case's outputs as rules of the closure (by durable id, falling back to the fragment) and the one entity they query. */
function resolveOutputs(program: CompiledProgram, outputs: Record<string, unknown>): { resolved: ResolvedOutput[]; entity: string | undefined } {
  const resolved: ResolvedOutput[] = [];
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

  return { resolved, entity };
}

/** The queried entity's id: `entity_id`, `id`, `<entity>_id` or any `*_id` key of the case, else `case-<n>`. */
function queryId(c: Record<string, unknown>, entity: string | undefined, n: number): string {
  let qid: string | undefined;
  for (const k of ['entity_id', 'id', ...(entity ? [`${snake(entity)}_id`] : [])]) if (typeof c[k] === 'string' || typeof c[k] === 'number') qid ??= String(c[k]);
  if (qid === undefined) for (const [k, v] of Object.entries(c)) if (k.endsWith('_id') && (typeof v === 'string' || typeof v === 'number')) qid ??= String(v);
  qid ??= `case-${n}`;

  return qid;
}

/** The case's inputs (scalars on the queried entity, relation rows on members, `tables:` rows) as evaluator facts. */
function caseFacts(
  program: CompiledProgram,
  c: Record<string, unknown>,
  input: Record<string, unknown>,
  qid: string,
): { inputs: Map<string, Map<string, Value>>; relations: Map<string, [string, string][]>; tableRows: Map<string, Row[]> } {
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
        if (!isObject(row)) throw new EvalError(`relation row ${j + 1} of "${key}" is not a mapping`);
        const member = row.id !== undefined ? String(row.id) : row.entity_id !== undefined ? String(row.entity_id) : `${qid}-${rel}-${j + 1}`;
        tuples!.push([member, qid]);
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
  if (isObject(c.tables)) {
    for (const [ent, rows] of Object.entries(c.tables)) {
      if (!Array.isArray(rows)) throw new EvalError(`tables.${ent} must be a list`);
      const list: Row[] = rows.map((row, j) => {
        if (!isObject(row)) throw new EvalError(`tables.${ent}[${j}] is not a mapping`);
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

  return { inputs, relations, tableRows };
}

/** Each output evaluated and compared with its expectation (list expectations over the entity's table rows). */
function checkOutputs(
  program: CompiledProgram,
  data: Dataset,
  period: Period,
  resolved: readonly ResolvedOutput[],
  outputs: Record<string, unknown>,
  tableRows: ReadonlyMap<string, Row[]>,
  qid: string,
): OutputFailure[] {
  const ev = new Evaluator(program, data, period);
  const failures: OutputFailure[] = [];
  for (const r of resolved) {
    const expected = outputs[r.key];
    try {
      if (r.kind === 'parameter') {
        const actual = harnessParameter(program, r.name, period, data.inputs, qid);
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
  return failures;
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
function harnessParameter(program: CompiledProgram, name: string, period: Period, inputs: ReadonlyMap<string, ReadonlyMap<string, Value>>, qid: string): Value {
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
