/**
 * The program profile: a compose spec's extensions checked and typed once when the spec is parsed. Bad
 * extensions stop the spec with errors naming the package, the extension, where in it and what is wrong; the
 * bundled SNAP specs parse into profiles; unknown extensions are kept unread.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProgramProfile, profileProblemText } from '../../../../core/engine/package/program-profile.js';
import { parseProgramSpec } from '../../../../core/engine/package/program-spec.js';

const PROGRAM = 'us-zz/demo';

function problems(extensions: Record<string, unknown>) {
  const result = parseProgramProfile(PROGRAM, extensions);
  if (result.ok) throw new Error('expected problems');
  return result.problems.map(profileProblemText);
}

describe('parseProgramProfile', () => {
  it('types every extension it reads', () => {
    const result = parseProgramProfile(PROGRAM, {
      program_id: 'demo',
      default_period: 2026,
      default_outputs: ['benefit'],
      output_aliases: { amount: 'benefit' },
      household_entity: 'Household',
      household_aliases: { size: 'household_size' },
      input_defaults: { size: 1, note: null },
      input_docs: { size: { description: ' People in the household ', period: 'Month', unit: '' } },
      input_types: { size: 'Integer' },
      input_values: { region: ['north', 'south'] },
      input_limits: { size: { minimum: 1, maximum: 100 } },
      material_inputs: { person: { age: { reason: 'ages change the limit', ages: [60, 200] } } },
      person_entity: 'Person',
      person_relation: 'us:x#relation.member_of_household',
      fiscal_years: ['FY2025', 'FY2026'],
      last_fiscal_year: { name: 'FY2026', ends: new Date(Date.UTC(2026, 8, 30)) },
      fiscal_year_parameters: ['us:x#rate'],
      unverified_parameters: [{ parameter: 'us:x#rate', effective_from: '2025-10-01', reason: 'not checked' }, { parameter: 'us:x#cap', reason: 'no source' }],
      sample_household: {},
      something_else: { kept: 'unread' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { profile } = result;
    expect(profile.defaultPeriod).toBe('2026');
    expect(profile.household).toEqual({
      entity: 'Household',
      aliases: { size: 'household_size' },
      defaults: { size: 1, note: null },
      docs: { size: { description: 'People in the household', period: 'month' } },
      material: {},
      givenFlags: {},
    });
    expect(profile.person.material).toEqual({ age: { reason: 'ages change the limit', ages: [60, 200] } });
    expect(profile.inputLimits).toEqual({ size: { minimum: 1, maximum: 100 } });
    expect(profile.fiscalYears).toEqual([2025, 2026]);
    expect(profile.lastFiscalYearEnds).toBe('2026-09-30');
    expect(profile.unverified).toEqual([
      { parameter: 'us:x#rate', effective_from: '2025-10-01', reason: 'not checked' },
      { parameter: 'us:x#cap', reason: 'no source' },
    ]);
    // An empty sample is no sample.
    expect(profile.sampleHousehold).toBeUndefined();
  });

  it('gives an empty profile for a spec without extensions', () => {
    const result = parseProgramProfile(PROGRAM, {});
    expect(result.ok && result.profile).toMatchObject({ defaultOutputs: [], outputAliases: {}, fiscalYears: [], unverified: [], household: { aliases: {} } });
  });

  it('names the package, the extension, the place in it and what is wrong, for every problem', () => {
    expect(
      problems({
        input_limits: { household_size: { minimum: 'one' }, rooms: {} },
        material_inputs: { household: { savings: { ages: [60] } }, members: {} },
        unverified_parameters: [{ parameter: 'us:x#rate', effective_from: '1 Oct 2025', reason: 'x' }, 'us:x#cap'],
        fiscal_years: ['2026'],
        household_aliases: ['size'],
        input_docs: { size: { description: 7 } },
        input_values: { region: [] },
        program_id: '',
      }),
    ).toEqual([
      'us-zz/demo: extension material_inputs (members): is not a level: use household or person',
      'us-zz/demo: extension program_id: must be non-empty text, got ""',
      'us-zz/demo: extension household_aliases: must be a mapping, got ["size"]',
      'us-zz/demo: extension input_docs (size.description): must be text, got 7',
      'us-zz/demo: extension input_values (region): must list at least one value',
      'us-zz/demo: extension input_limits (household_size.minimum): must be a number, got "one"',
      'us-zz/demo: extension input_limits (rooms): gives neither minimum nor maximum',
      'us-zz/demo: extension fiscal_years (0): must be a fiscal year FYyyyy, got "2026"',
      'us-zz/demo: extension unverified_parameters (0.effective_from): must be a date YYYY-MM-DD, got "1 Oct 2025"',
      'us-zz/demo: extension unverified_parameters (1): must be a mapping of parameter, effective_from and reason, got "us:x#cap"',
    ]);
    const material = parseProgramProfile(PROGRAM, { material_inputs: { household: { savings: { ages: [60] } } } });
    expect(material.ok ? [] : material.problems).toEqual([
      { program: PROGRAM, extension: 'material_inputs', path: 'household.savings.reason', problem: 'must be non-empty text, got nothing' },
    ]);
  });
});

describe('parseProgramSpec and the profile', () => {
  const spec = (extra: string) => `program: us-zz/demo\nperiod: 2026-01\noutputs: [benefit]\n${extra}`;

  it('refuses a spec whose extension is malformed, with one diagnostic per problem', () => {
    const result = parseProgramSpec('programs/us-zz/demo/spec.yaml', spec('input_limits:\n  household_size: {minimum: one}\ndefault_outputs: benefit\n'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics.map((d) => [d.file, d.message])).toEqual([
      ['programs/us-zz/demo/spec.yaml', 'us-zz/demo: extension default_outputs: must be a list, got "benefit"'],
      ['programs/us-zz/demo/spec.yaml', 'us-zz/demo: extension input_limits (household_size.minimum): must be a number, got "one"'],
    ]);
  });

  it('keeps the extensions as written beside the profile read from them', () => {
    const result = parseProgramSpec('programs/us-zz/demo/spec.yaml', spec('default_outputs: [benefit]\nregions: {codes: [a]}\n'));
    expect(result.ok && result.spec.extensions).toEqual({ default_outputs: ['benefit'], regions: { codes: ['a'] } });
    expect(result.ok && result.spec.profile.defaultOutputs).toEqual(['benefit']);
  });

  it('parses the bundled SNAP specs, material inputs, limits and unverified figures included', () => {
    const path = 'rules/programs/us-ak/snap/fy-2026.yaml';
    const result = parseProgramSpec(path, readFileSync(path, 'utf8'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { profile } = result.spec;
    expect(profile.programId).toBe('snap');
    expect(profile.inputLimits.household_size).toEqual({ minimum: 1, maximum: 100 });
    expect(Object.keys(profile.household.material).length).toBeGreaterThan(0);
    expect(profile.unverified.length).toBeGreaterThan(0);
    expect(profile.lastFiscalYearEnds).toBe('2027-09-30');
  });
});

describe('given_flags and inferred_from (issue #27: a stated fact against one computed from the household)', () => {
  it('types given_flags per level and inferred_from on a material input', () => {
    const result = parseProgramProfile(PROGRAM, {
      given_flags: { household: { receives_snap_given: 'receives_snap' } },
      material_inputs: { household: { receives_snap: { reason: 'SNAP receipt qualifies', unless_output: 'moot', inferred_from: 'snap_computed' } } },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.profile.household.givenFlags).toEqual({ receives_snap_given: 'receives_snap' });
    expect(result.profile.person.givenFlags).toEqual({});
    expect(result.profile.household.material.receives_snap).toEqual({ reason: 'SNAP receipt qualifies', unless_output: 'moot', inferred_from: 'snap_computed' });
  });

  it('refuses a malformed one, naming the place', () => {
    const result = parseProgramProfile(PROGRAM, { given_flags: { members: {} }, material_inputs: { household: { x: { reason: 'r', inferred_from: 3 } } } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map(profileProblemText)).toEqual([
      'us-zz/demo: extension material_inputs (household.x.inferred_from): must be non-empty text, got 3',
      'us-zz/demo: extension given_flags (members): is not a level: use household or person',
    ]);
  });
});
