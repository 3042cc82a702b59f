/** 200: listing the parity cases and running them, over the bundled cases and over a crafted case folder. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParityCase } from '../../../../../core/usecases/parity/types.js';
import type { TestApp } from '../../../../support/http-harness.js';
import { bundledCases, caseFolder, everything, parityAdmin, parityApp } from './support.js';

describe('parity over the bundled cases', () => {
  let t: TestApp;
  const expected = bundledCases();
  beforeAll(async () => {
    t = await parityApp();
  });
  afterAll(async () => t.close());

  it('GET /v1/parity/cases lists every bundled case as written in parity/', async () => {
    const res = await t.request('GET', '/v1/parity/cases', { headers: { 'x-api-key': parityAdmin.key } });
    expect(res.status).toBe(200);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.data.cases).toEqual(expected);
  });

  it('POST /v1/parity/run runs every runtime-supported case and every bundled case matches', async () => {
    const res = await t.request('POST', '/v1/parity/run', { headers: { authorization: `Bearer ${everything.key}` } });
    expect(res.status).toBe(200);
    const { summary, results, skipped_cases } = res.body.data;
    const supported = expected.filter((c) => c.runtime_supported);
    expect(summary.total).toBe(expected.length);
    expect(summary.skipped).toBe(expected.length - supported.length);
    expect(results.map((r: { id: string }) => r.id)).toEqual(supported.map((c) => c.id));
    expect(skipped_cases).toHaveLength(summary.skipped);
    const notMatching = results.filter((r: { status: string }) => r.status !== 'matching');
    expect(notMatching.map((r: { id: string; comparison?: unknown; error?: unknown }) => ({ id: r.id, comparison: r.comparison, error: r.error }))).toEqual([]);
    expect(summary.matching).toBe(supported.length);
    for (const r of results) {
      expect(r.comparison.changed).toEqual([]);
      expect(r.runtime.mode).toBe('compiled');
      expect(r.warnings.length).toBeGreaterThan(0);
    }
  });
});

describe('parity over a crafted case folder', () => {
  const template = bundledCases().find((c) => c.runtime_supported && typeof c.expected_axiom_outputs.snap_allotment === 'number');
  if (template === undefined) throw new Error('no bundled SNAP case with a numeric snap_allotment to build on');
  const allotment = template.expected_axiom_outputs.snap_allotment as number;
  const variant = (id: string, change: Partial<ParityCase>): ParityCase => ({ ...structuredClone(template), id, ...change });
  const cases: ParityCase[] = [
    variant('exact', {}),
    variant('within-tolerance', { expected_axiom_outputs: { ...template.expected_axiom_outputs, snap_allotment: allotment + 0.5 }, tolerance: { amount: 1 } }),
    variant('beyond-tolerance', {
      expected_axiom_outputs: { ...template.expected_axiom_outputs, snap_allotment: allotment + 5 },
      tolerance: { amount: 1 },
      trace_variables: ['snap_net_income'],
    }),
    variant('unknown-program', { program_id: 'no-such-program', axiom_request: { ...template.axiom_request, program_id: 'no-such-program' } }),
    variant('not-supported', { runtime_supported: false, description: null, owner_note: { kept: true }, axiom_request: { ...template.axiom_request, x_source: 'kept' } as never }),
  ];
  let t: TestApp;
  beforeAll(async () => {
    // Two files in nested order, so loading is recursive and ordered by path.
    t = await parityApp([caseFolder({ 'a.json': cases.slice(0, 2), 'b.json': { cases: cases.slice(2) } })], true);
  });
  afterAll(async () => t.close());

  it('classifies matching, different, errored and skipped cases', async () => {
    const listed = await t.request('GET', '/v1/parity/cases', { headers: { 'x-api-key': parityAdmin.key } });
    // Cases are listed exactly as written, additional properties included.
    expect(listed.body.data.cases).toEqual(cases);

    const res = await t.request('POST', '/v1/parity/run', { headers: { 'x-api-key': parityAdmin.key } });
    expect(res.status).toBe(200);
    const { summary, results, skipped_cases } = res.body.data;
    expect(summary).toEqual({ total: 5, matching: 2, different: 1, errored: 1, skipped: 1 });
    const byId = Object.fromEntries(results.map((r: { id: string }) => [r.id, r]));
    expect(byId.exact.status).toBe('matching');
    expect(byId.exact.calculation_trace).toBeUndefined();
    expect(byId['within-tolerance'].status).toBe('matching');

    const different = byId['beyond-tolerance'];
    expect(different.status).toBe('different');
    expect(different.comparison.changed).toEqual([{ variable: 'snap_allotment', expected: allotment + 5, actual: allotment, delta: -5 }]);
    expect(different.calculation_trace.length).toBeGreaterThan(0);
    expect(Object.keys(different.trace_outputs)).toEqual(['snap_net_income']);
    expect(different.trace_outputs.snap_net_income).toBe(template.expected_axiom_outputs.snap_net_income);

    expect(byId['unknown-program'].status).toBe('errored');
    expect(byId['unknown-program'].error.code).toBe('unsupported_program');
    expect(skipped_cases).toEqual([
      { id: 'not-supported', description: null, program_id: template.program_id, jurisdiction: template.jurisdiction, reason: expect.stringContaining('runtime_supported') },
    ]);
  });
});

describe('parity case files that cannot be loaded', () => {
  it.each([
    ['not JSON', { 'bad.json': '{' }, /bad\.json: not valid JSON/],
    ['a case without expected outputs', { 'bad.json': [{ id: 'x', program_id: 'snap', jurisdiction: 'us-co', runtime_supported: true, axiom_request: { program_id: 'snap', jurisdiction: 'us-co', household: {} } }] }, /bad\.json: case \[0\]\.expected_axiom_outputs/],
    ['a duplicate id', { 'a.json': [bundledCases()[0]], 'b.json': [bundledCases()[0]] }, /b\.json: duplicate parity case id/],
  ])('refuses to start on %s, naming the file', async (_name, files, message) => {
    await expect(parityApp([caseFolder(files)], true)).rejects.toThrow(message);
  });

  it('refuses a PARITY_PATH entry that is not a folder', async () => {
    await expect(parityApp(['/nonexistent/parity'], true)).rejects.toThrow(/PARITY_PATH: \/nonexistent\/parity is not a folder/);
  });
});
