/** service.sweep of the embedding API: the API's sweep answer, consistent with service.calculate, and typed refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, ServiceError, type RuleService } from '../../../adapters/embedding/index.js';

let service: RuleService;

beforeAll(async () => {
  service = await createRuleService();
}, 120_000);
afterAll(async () => service?.close());

/** A single adult in California with $700 rent; their own earnings are swept. */
const household = { facts: { shelter_costs: 700 }, people: { adult: { age: 40, earned_income: 0 } } };
const request = { program_id: 'snap', jurisdiction: 'us-ca', household, axis: { input: 'earned_income', person: 'adult', from: 0, to: 4000 }, outputs: ['snap_allotment'] };

describe('service.sweep', () => {
  it('answers the exact description, whose breakpoints service.calculate confirms a cent on each side', async () => {
    const answer = await service.sweep(request);
    const { segments, breakpoints } = answer.outputs.snap_allotment;
    expect(segments[0].from).toBe(0);
    expect(segments.at(-1)?.to).toBe(4000);
    const at = async (earned: number) =>
      (await service.calculate({ program_id: 'snap', jurisdiction: 'us-ca', household: { ...household, people: { adult: { age: 40, earned_income: earned } } }, variables: ['snap_allotment'] })).outputs.snap_allotment;
    for (const b of [breakpoints[0], breakpoints.at(-1)!]) {
      expect(await at(Number(b.at) - 0.01)).toBe(b.before);
      expect(await at(Number(b.at))).toBe(b.after);
    }
    // Answers are fresh objects: changing one does not change the next.
    segments[0].value = -1;
    expect((await service.sweep(request)).outputs.snap_allotment.segments[0].value).not.toBe(-1);
  });

  it('refuses a bad axis with ServiceError invalid_request', async () => {
    const error = await service.sweep({ ...request, axis: { input: 'earned_income', from: 0, to: 0.005 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('invalid_request');
  });
});
