import { describe, expect, it } from 'vitest';
import type { HouseholdShape } from '../../../../core/domain/household/shape.js';
import type { Calculator, ExecutablePackage } from '../../../../core/ports/calculator.js';
import type { PackageDescription, PackageGraphView } from '../../../../core/ports/runtime.js';
import { sampleHousehold } from '../../../../core/domain/household/sample.js';
import { CalculatorRuntimeCatalog } from '../../../../core/usecases/read/runtime-catalog.js';

const shape: HouseholdShape = {
  default_period: '2026-01',
  household_aliases: { size: 'household_size' },
  entities: [
    {
      entity: 'Household',
      id_template: 'household',
      inputs: [
        { name: 'household_size', dtype: 'Integer', default: 1 },
        { name: 'shelter_costs', dtype: 'Money', allow_negative: false },
        { name: 'state_code', dtype: 'Text' },
      ],
    },
    {
      entity: 'Person',
      id_template: 'person-{n}',
      count_from: 'household_size',
      inputs: [
        { name: 'age', dtype: 'Integer' },
        { name: 'is_disabled', dtype: 'Judgment', default: false },
        { name: 'birth_date', dtype: 'Date' },
      ],
      relations: [{ name: 'member_of_household', tuple: ['Person', 'Household'] }],
    },
    { entity: 'Vehicle', id_template: 'vehicle-{n}', count: 0, inputs: [{ name: 'vehicle_value', dtype: 'Money' }] },
  ],
};

const graph: PackageGraphView = { rules: [], inputs: [], relations: [], ownOutputs: ['snap_benefit'], terminalOutputs: ['snap_benefit'] };

function pkg(program_id: string, jurisdiction: string, runtime_id: string, description?: PackageDescription): ExecutablePackage {
  const base: ExecutablePackage = {
    program_id,
    jurisdiction,
    runtime_id,
    mode: 'compiled',
    digest: 'sha256:0',
    shape,
    outputs: ['snap_benefit', 'snap_eligible'],
    output_aliases: { snap: 'snap_benefit' },
    default_outputs: ['snap_benefit'],
    execute: async () => ({ outputs: {}, trace: [], warnings: [] }),
  };
  return description ? Object.assign(base, { describe: () => description }) : base;
}

function calculator(id: string, packages: ExecutablePackage[]): Calculator {
  return { id, mode: 'compiled', packages: () => packages, find: (p, j) => packages.find((x) => x.program_id === p && x.jurisdiction === j) };
}

const described = pkg('snap', 'us-co', 'first', {
  outputs: [{ name: 'snap_benefit', legal_id: 'us-co:policies/x#snap_benefit' }],
  acknowledged_incomplete: ['snap_eligible'],
  failing_tests: 2,
  sample_household: { people: { a: { age: 30 } } },
  graph,
});
const catalog = new CalculatorRuntimeCatalog(() => [
  calculator('first', [described]),
  calculator('second', [pkg('snap', 'us-co', 'second'), pkg('snap', 'us-ak', 'second')]),
]);

describe('CalculatorRuntimeCatalog', () => {
  it('lists one package per jurisdiction/program, the first runtime winning, sorted', () => {
    expect(catalog.packages().map((p) => `${p.jurisdiction}/${p.program_id}@${p.runtime_id}`)).toEqual(['us-ak/snap@second', 'us-co/snap@first']);
    expect(catalog.packages()[0]).toMatchObject({ status: 'ready', output_count: 2, entity_count: 3, input_count: 7, default_outputs: ['snap_benefit'] });
  });

  it('details a described package: legal ids, aliases, spec-only entity fields, its sample household', () => {
    const detail = catalog.package('us-co', 'snap')!;
    expect(detail.outputs).toEqual([
      { name: 'snap_benefit', legal_id: 'us-co:policies/x#snap_benefit' },
      { name: 'snap_eligible' },
      { name: 'snap', alias_for: 'snap_benefit' },
    ]);
    expect(detail.household_aliases).toEqual({ size: 'household_size' });
    expect(detail.entities[0].inputs[1]).toEqual({ name: 'shelter_costs', dtype: 'Money' });
    expect(detail.entities[1].relations).toEqual([{ name: 'member_of_household', tuple: ['Person', 'Household'] }]);
    expect(detail.sample_request).toEqual({ program_id: 'snap', jurisdiction: 'us-co', household: { people: { a: { age: 30 } } }, variables: ['snap_benefit'] });
    expect(catalog.graph('us-co', 'snap')).toBe(graph);
  });

  it('builds a sample household from defaults for a package that describes none, and has no graph', () => {
    const detail = catalog.package('us-ak', 'snap')!;
    expect(detail.sample_request.household).toEqual(sampleHousehold('2026-01', shape.entities));
    expect(catalog.graph('us-ak', 'snap')).toBeUndefined();
    expect(catalog.package('us-xx', 'snap')).toBeUndefined();
  });

  it('reports the facts program status needs', () => {
    expect(catalog.facts()).toEqual([
      { jurisdiction: 'us-ak', program_id: 'snap', executable: true, acknowledged_incomplete: [], failing_tests: 0 },
      { jurisdiction: 'us-co', program_id: 'snap', executable: true, acknowledged_incomplete: ['snap_eligible'], failing_tests: 2 },
    ]);
  });

  it('lists a package whose sample does not compute as unavailable, its program not executable, and says so in health', () => {
    const broken = pkg('tanf', 'us-fl', 'first', { sample_household: { period: '2026-01' }, sample_problem: 'no sample household computes; x: missing input' });
    const mixed = new CalculatorRuntimeCatalog(() => [calculator('first', [broken, pkg('snap', 'us-ak', 'first')])]);
    expect(mixed.packages().map((p) => `${p.jurisdiction}/${p.program_id}:${p.status}`)).toEqual(['us-ak/snap:ready', 'us-fl/tanf:unavailable']);
    expect(mixed.package('us-fl', 'tanf')).toMatchObject({ status: 'unavailable', sample_request: { household: { period: '2026-01' } } });
    expect(mixed.facts().find((f) => f.jurisdiction === 'us-fl')).toMatchObject({ executable: false });
    expect(mixed.health()).toEqual({ status: 'ready', detail: '2 executable packages; 1 unavailable (no sample household computes)' });
  });

  it('is unavailable without packages', () => {
    const empty = new CalculatorRuntimeCatalog(() => []);
    expect(empty.health().status).toBe('unavailable');
    expect(empty.name).toBe('none');
    expect(catalog.health().status).toBe('ready');
  });
});

describe('sampleHousehold', () => {
  it('gives each input without a default a neutral value of its type, on the first instance, skipping empty entities', () => {
    expect(sampleHousehold('2026-03', shape.entities)).toEqual({
      period: '2026-03',
      entities: {
        Household: { household: { shelter_costs: 0, state_code: '' } },
        Person: { 'person-1': { age: 1, birth_date: '2026-03-01' } },
      },
    });
  });

  it('is only the period when every input has a default', () => {
    expect(sampleHousehold('2026-01', [{ entity: 'Household', id_template: 'h', inputs: [{ name: 'x', dtype: 'Money', default: 0 }] }])).toEqual({ period: '2026-01' });
  });
});
