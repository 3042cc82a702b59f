/**
 * The mapped inputs of one SPM unit for one month, after choosing among alternatives (variables.ts SourceRank):
 * the highest-ranked source given wins, the others are reported as ignored with the reason.
 */
import { inputDefinition, type EntityGroup, type InputDefinition } from './variables.js';
import { valueForMonth, type WireEntity, type WireValue } from './wire.js';
import type { RankedIncome } from './income-alternatives.js';

export interface Reading {
  group: EntityGroup;
  entityId: string;
  name: string;
  def: InputDefinition;
  value: WireValue;
}

export interface IgnoredInput {
  entity_group: EntityGroup;
  entity_id: string;
  variable: string;
  reason: string;
}

function checked(value: WireValue, def: InputDefinition, path: string): WireValue {
  const kind = def.target.kind;
  if ((kind === 'money' || kind === 'number') && (typeof value !== 'number' || !Number.isFinite(value))) throw new TypeError(`${path}: must be a number`);
  if (kind === 'boolean' && typeof value !== 'boolean') throw new TypeError(`${path}: must be true or false`);
  if (kind === 'text' && typeof value !== 'string') throw new TypeError(`${path}: must be a string`);
  if (kind === 'presence' && typeof value !== 'boolean' && (typeof value !== 'number' || !Number.isFinite(value))) throw new TypeError(`${path}: must be a number or true or false`);
  return value;
}

/** Mapped inputs of one entity with a value for the month (type errors throw TypeError naming the path). */
export function readEntity(entity: WireEntity, group: EntityGroup, entityId: string, month: string): Reading[] {
  const readings: Reading[] = [];
  for (const name of Object.keys(entity)) {
    const def = inputDefinition(name);
    if (def === undefined || def.group !== group) continue;
    const value = valueForMonth(entity[name], month, def.period, def.stock === true);
    if (value === undefined) continue;
    readings.push({ group, entityId, name, def, value: checked(value, def, `household.${group}.${entityId}.${name}`) });
  }
  return readings;
}

/** Person-level targets choose per person; unit- and household-level targets per SPM unit. */
function scopeOf(reading: Reading): string {
  return reading.def.target.level === 'person' ? `person:${reading.entityId}` : 'unit';
}


/**
 * The given income inputs of one person to read: in each alternative set only the highest-ranked given; each other one
 * becomes an ignored input naming what replaced it (PolicyEngine uses a given total instead of computing it).
 */
export function keepHighestRanked<S extends RankedIncome>(given: ReadonlyArray<readonly [string, S]>, personId: string, ignored: IgnoredInput[]): Array<readonly [string, S]> {
  const best = new Map<string, number>();
  for (const [, s] of given) if (s.key !== undefined) best.set(s.key, Math.max(best.get(s.key) ?? -1, s.rank ?? 0));
  return given.filter(([name, s]) => {
    const key = s.key;
    if (key === undefined || (s.rank ?? 0) >= best.get(key)!) return true;
    const by = given.filter(([, o]) => o.key === key && (o.rank ?? 0) === best.get(key)).map(([n]) => n).join(', ');
    ignored.push({ entity_group: 'people', entity_id: personId, variable: name, reason: `ignored: replaced by ${by} given for the same person (PolicyEngine uses a given ${by} instead of computing it from ${name})` });
    return false;
  });
}

/** Keeps the highest-ranked reading of each alternative set; the rest become ignored inputs. */
export function chooseSources(readings: Reading[]): { kept: Reading[]; ignored: IgnoredInput[] } {
  const best = new Map<string, number>();
  const winners = new Map<string, Set<string>>();
  const keyOf = (r: Reading): string | null => (r.def.source === undefined ? null : `${scopeOf(r)}\u0000${r.def.source.key}`);
  for (const r of readings) {
    const key = keyOf(r);
    if (key === null) continue;
    best.set(key, Math.max(best.get(key) ?? -1, r.def.source!.rank));
  }
  for (const r of readings) {
    const key = keyOf(r);
    if (key !== null && r.def.source!.rank === best.get(key)) winners.set(key, (winners.get(key) ?? new Set()).add(r.name));
  }
  // A given total (e.g. housing_cost) outranks every reading of the sets it replaces.
  for (const r of readings) {
    for (const replaced of r.def.replaces ?? []) {
      const key = `${scopeOf(r)}\u0000${replaced}`;
      if (best.get(key) !== Number.POSITIVE_INFINITY) winners.set(key, new Set());
      best.set(key, Number.POSITIVE_INFINITY);
      winners.get(key)!.add(r.name);
    }
  }
  const kept: Reading[] = [];
  const ignored: IgnoredInput[] = [];
  for (const r of readings) {
    const key = keyOf(r);
    if (key === null || r.def.source!.rank === best.get(key)) {
      kept.push(r);
      continue;
    }
    const by = [...winners.get(key)!].join(', ');
    const where = r.def.target.level === 'person' ? 'for the same person' : 'for the same SPM unit';
    ignored.push({
      entity_group: r.group,
      entity_id: r.entityId,
      variable: r.name,
      reason: `ignored: replaced by ${by} given ${where} (PolicyEngine uses a given ${by} instead of computing it from ${r.name})`,
    });
  }
  return { kept, ignored };
}
