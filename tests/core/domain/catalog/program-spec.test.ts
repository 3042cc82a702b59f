import { describe, expect, it } from 'vitest';
import { leadingComment, programSpecFrom } from '../../../../core/domain/catalog/program-spec.js';

describe('programSpecFrom', () => {
  it('resolves scope anchors to module ids the way the composer does', () => {
    const spec = programSpecFrom('programs/us-co/snap/fy-2026.yaml', {
      program: 'us-co/snap',
      period: '2026-01',
      outputs: ['snap_benefit', 7],
      acknowledged_incomplete: ['snap_eligible'],
      scope: {
        federal: ['statutes/7/2017/a', 'statutes/7/2017/a'],
        state: ['policies/cdhs/snap/sua.yaml'],
        'us-ca': ['regulations/mpp/63-503#frag'],
        other: ['us-ny:policies/otda/snap'],
      },
    });
    expect(spec).toEqual({
      program: 'us-co/snap',
      path: 'programs/us-co/snap/fy-2026.yaml',
      period: '2026-01',
      outputs: ['snap_benefit'],
      acknowledgedIncomplete: ['snap_eligible'],
      scopeModules: ['us:statutes/7/2017/a', 'us-co:policies/cdhs/snap/sua', 'us-ca:regulations/mpp/63-503', 'us-ny:policies/otda/snap'],
      description: undefined,
    });
  });

  it('keeps nested program names and numeric periods; skips reserved scope keys', () => {
    const spec = programSpecFrom('p.yaml', { program: 'us/payroll/oasdi-wage-tax', period: 2026, outputs: [], scope: { include: ['x'], federal: ['statutes/26/3101'] } });
    expect(spec).toMatchObject({ program: 'us/payroll/oasdi-wage-tax', period: '2026', scopeModules: ['us:statutes/26/3101'] });
  });

  it('declares nothing for a document without a valid program key', () => {
    expect(programSpecFrom('p.yaml', null)).toBeUndefined();
    expect(programSpecFrom('p.yaml', ['x'])).toBeUndefined();
    expect(programSpecFrom('p.yaml', { program: 'snap' })).toBeUndefined();
    expect(programSpecFrom('p.yaml', { program: 'us-co/' })).toBeUndefined();
  });
});

describe('leadingComment', () => {
  it('joins the first two comment paragraphs', () => {
    expect(leadingComment('# Title -- FY 2026\n#\n# First line\n# second line\n#\n# Third paragraph\nprogram: x\n')).toBe(
      'Title -- FY 2026. First line second line.',
    );
  });

  it('is undefined without a leading comment and caps long text', () => {
    expect(leadingComment('program: x\n# late comment')).toBeUndefined();
    expect(leadingComment(`# ${'word '.repeat(300)}`)!.length).toBeLessThanOrEqual(600);
  });
});
