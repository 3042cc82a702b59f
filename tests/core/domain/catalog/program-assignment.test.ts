import { describe, expect, it } from 'vitest';
import { assignPrograms, parseProgramKey, topicProgramId } from '../../../../core/domain/catalog/program-assignment.js';

describe('assignPrograms', () => {
  const members = [
    { ref: { jurisdiction: 'us-co', programId: 'snap' }, modules: ['us-co:policies/cdhs/snap/a', 'us:statutes/7/2017/a', 'us:statutes/42/601'] },
    { ref: { jurisdiction: 'us-ca', programId: 'snap' }, modules: ['us-ca:regulations/mpp/63-503/1', 'us:statutes/7/2017/a'] },
    { ref: { jurisdiction: 'us-co', programId: 'tanf' }, modules: ['us-co:policies/cdhs/tanf/a', 'us:statutes/42/601'] },
    { ref: { jurisdiction: 'us-ca', programId: 'tanf' }, modules: ['us:statutes/42/601'] },
    { ref: { jurisdiction: 'us', programId: 'fiit' }, modules: ['us:statutes/42/601'] },
  ];
  const assigned = assignPrograms(members, [
    'us-co:policies/cdhs/snap/a',
    'us:statutes/7/2017/a',
    'us:statutes/42/601',
    'us-ca:regulations/mpp/63-503/1',
    'us-ca:regulations/mpp/63-503/2',
    'us-ca:regulations/mpp/99/1',
    'us-co:statutes/39/39-22-104',
  ]);

  it('takes the program of the package that includes the module', () => {
    expect(assigned.get('us-co:policies/cdhs/snap/a')).toBe('snap');
    expect(assigned.get('us:statutes/7/2017/a')).toBe('snap');
  });

  it("prefers a spec of the module's own jurisdiction over the most shared name", () => {
    expect(assigned.get('us:statutes/42/601')).toBe('fiit');
  });

  it('falls back to the nearest declared program under a shared path prefix', () => {
    expect(assigned.get('us-ca:regulations/mpp/63-503/2')).toBe('snap');
    expect(assigned.get('us-ca:regulations/mpp/99/1')).toBe('snap');
  });

  it('falls back to the topic <root>/<first segment>', () => {
    expect(assigned.get('us-co:statutes/39/39-22-104')).toBe('statutes/39');
    expect(topicProgramId('us:statutes')).toBe('statutes');
  });

  it('picks the name most specs share when no spec is of the same jurisdiction', () => {
    const m = assignPrograms(
      [
        { ref: { jurisdiction: 'us-co', programId: 'tanf' }, modules: ['us:x/1'] },
        { ref: { jurisdiction: 'us-ca', programId: 'snap' }, modules: ['us:x/1'] },
        { ref: { jurisdiction: 'us-ny', programId: 'snap' }, modules: ['us:x/1'] },
      ],
      ['us:x/1'],
    );
    expect(m.get('us:x/1')).toBe('snap');
  });
});

describe('parseProgramKey', () => {
  it('splits the jurisdiction from the program id', () => {
    expect(parseProgramKey('us/payroll/oasdi-wage-tax')).toEqual({ jurisdiction: 'us', programId: 'payroll/oasdi-wage-tax' });
    expect(parseProgramKey('snap')).toBeUndefined();
  });
});
