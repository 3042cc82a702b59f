/**
 * parameter_overrides through the embedding API: service.calculate takes them as POST /v1/calculate does, and
 * refuses a bad one with ServiceError invalid_request naming the parameter.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuleService, ServiceError, type RuleService } from '../../../adapters/embedding/index.js';

const rulesRoot = fileURLToPath(new URL('../../../rules', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tenet-overrides-embedding-'));
const request = { program_id: 'snap', jurisdiction: 'us-co', household: { period: '2026-01', facts: { household_size: 3, earned_income: 1500, shelter_costs: 900 } } };

let service: RuleService;

beforeAll(async () => {
  for (const dir of ['us', 'us-co', 'programs/us-co']) cpSync(join(rulesRoot, dir), join(scratch, dir), { recursive: true });
  service = await createRuleService({ rulesPaths: [scratch] });
}, 120_000);

afterAll(async () => {
  await service?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('service.calculate with parameter_overrides', () => {
  it('answers with the changed package and says it is not current law', async () => {
    const published = await service.calculate(request);
    const changed = await service.calculate({ ...request, parameter_overrides: { snap_benefit_reduction_rate: 0.25 } });
    expect(changed.package_digest).not.toBe(published.package_digest);
    expect(changed.parameter_overrides).toMatchObject({ current_law: false, parameters: [{ rule_id: 'us:statutes/7/2017/a#snap_benefit_reduction_rate', versions: [{ value: 0.25 }] }] });
    expect(changed.warnings.some((w) => w.startsWith('Not current law:'))).toBe(true);
    // 25% rather than 30% of the same net income is taken off the maximum allotment: the benefit is higher.
    expect(changed.outputs.snap_allotment as number).toBeGreaterThan(published.outputs.snap_allotment as number);
  });

  it('refuses an override that does not fit with ServiceError invalid_request', async () => {
    const refused = await service.calculate({ ...request, parameter_overrides: { snap_benefit_reduction_rate: 'low' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).code).toBe('invalid_request');
    expect((refused as ServiceError).message).toContain('parameter_overrides["snap_benefit_reduction_rate"]: "low" is not a Rate value');
  });
});
