/**
 * The poverty guideline table is bound once per jurisdiction (us-xx:policies/poverty-guidelines/area), so a screen
 * of Alaska, Hawaii or a territory merges every program that reads the shared guidelines (docs/screening.md, "Which
 * programs"). Before, Lifeline and Head Start each bound the territory's table in their own module and a territory's
 * screen reported Lifeline undetermined with unsupported_program.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledRuntime } from '../../../../adapters/runtime-compiled/compiled-runtime.js';
import type { CalculationService } from '../../../../core/usecases/calculate/calculate.js';
import type { ScreenService } from '../../../../core/usecases/screen/screen.js';
import type { JsonValue } from '../../../../core/domain/household/shape.js';
import { bundledScreenServices, calculateAlone } from '../../../support/screen-services.js';

let runtime: CompiledRuntime;
let screens: ScreenService;
let calculations: CalculationService;
beforeAll(async () => {
  ({ runtime, screens, calculations } = await bundledScreenServices());
});

/** March 2026: a parent earning $1,500 a month and a child of 4 (two people for every program). */
const household: Record<string, JsonValue> = {
  period: '2026-03',
  facts: { receives_snap: false },
  people: { parent: { age: 30, relationship_to_head: 'head', earned_income: 1500 }, child: { age: 4, relationship_to_head: 'child' } },
};

/**
 * Lifeline's guideline for two people in March 2026 (the 2026 guidelines from USAC's switch on 2026-02-25, 91 FR
 * 1797): 48 States and DC 15,960 + 5,680 = 21,640; Alaska 19,950 + 7,100 = 27,050; Hawaii 18,360 + 6,530 = 24,890.
 */
const LIFELINE_GUIDELINE: Record<string, number> = {
  'us-ak': 27050, 'us-hi': 24890, 'us-as': 21640, 'us-gu': 21640, 'us-mp': 21640, 'us-pr': 21640, 'us-vi': 21640,
};
const READ_THE_GUIDELINES = ['head_start', 'lifeline', 'school_meals', 'wic'];
const PROGRAM_NAME: Record<string, string> = { head_start: 'Head Start', lifeline: 'Lifeline', wic: 'WIC' };

describe('one guideline table binding per jurisdiction', () => {
  for (const [jurisdiction, guideline] of Object.entries(LIFELINE_GUIDELINE)) {
    it(`${jurisdiction}: a screen merges every program, each as calculate gives it alone`, async () => {
      const answer = await screens.screen({ jurisdiction, household, assume_defaults: true, trace: 'none' });
      expect(answer.programs.map((p) => p.program_id)).toEqual(screens.programs(jurisdiction));
      expect(answer.programs.filter((p) => p.error).map((p) => `${p.program_id}: ${p.error!.message}`)).toEqual([]);
      const readers = answer.programs.filter((p) => READ_THE_GUIDELINES.includes(p.program_id)).map((p) => p.program_id);
      // School meals is bundled for Guam, the Virgin Islands and Puerto Rico, not American Samoa or the Northern Marianas.
      expect(readers.length, readers.join(', ')).toBeGreaterThanOrEqual(3);
      for (const program of answer.programs) {
        const alone = await calculateAlone(calculations, program.program_id, program.package.jurisdiction, household);
        expect(program.outputs, program.program_id).toEqual(alone.outputs);
        expect(program.assumptions, program.program_id).toEqual(alone.assumptions);
      }
      const lifeline = answer.programs.find((p) => p.program_id === 'lifeline')!;
      expect(lifeline.outputs.lifeline_poverty_guideline).toBe(guideline);
    }, 60_000);
  }

  it('every program reads the table from the jurisdiction\'s one binding, and warns of its own basis in a territory', async () => {
    for (const program_id of READ_THE_GUIDELINES) {
      const pkg = runtime.packages().find((p) => p.program_id === program_id && p.jurisdiction === 'us-gu')!;
      const hook = pkg.pkg.program.parameters.get('hhs_poverty_guideline_area');
      expect(hook?.boundBy?.value, program_id).toBe('us-gu:policies/poverty-guidelines/area#gu_hhs_poverty_guideline_area');
      // Lifeline, WIC and Head Start each warn that their basis for the 48-State table there was not verified.
      if (program_id === 'school_meals') continue;
      const r = await calculateAlone(calculations, program_id, 'us-gu', household);
      expect(r.warnings.join(' '), program_id).toContain('us-gu:policies/poverty-guidelines/area#gu_hhs_poverty_guideline_area');
      expect(r.warnings.join(' '), program_id).toContain(`used for ${PROGRAM_NAME[program_id]}`);
    }
  }, 60_000);
});
