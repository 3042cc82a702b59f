/**
 * The bundled rules (rules/) behind a screen service and a calculation service sharing one runtime, and a program
 * calculated alone on the household as that program reads it, which a screen's answer for the program must equal
 * (docs/screening.md). Companion tests are off (the corpus test runs them).
 */
import { CompiledRuntime } from '../../adapters/runtime-compiled/compiled-runtime.js';
import { CalculationService } from '../../core/usecases/calculate/calculate.js';
import { ScreenService } from '../../core/usecases/screen/screen.js';
import { restrictHousehold } from '../../core/domain/household/restrict.js';
import { indexShape, type JsonValue, type ShapeIndex } from '../../core/domain/household/shape.js';
import { BUNDLED_RULES } from './bundled-services.js';

export interface ScreenServices {
  runtime: CompiledRuntime;
  screens: ScreenService;
  calculations: CalculationService;
}

export async function bundledScreenServices(): Promise<ScreenServices> {
  const runtime = await CompiledRuntime.load([BUNDLED_RULES], { companionTests: 'off' });
  return { runtime, screens: new ScreenService(runtime.screener), calculations: new CalculationService([runtime]) };
}

/**
 * POST /v1/calculate of one program for the part of the household its package reads; `screen`, the merged package of
 * the screen it is compared with, decides the level of a `facts` entry (docs/household.md "One name, two levels").
 */
export function calculateAlone(calculations: CalculationService, programId: string, jurisdiction: string, household: Record<string, JsonValue>, screen?: ShapeIndex) {
  const pkg = calculations.find(programId, jurisdiction);
  if (!pkg) throw new Error(`no bundled package ${programId} for ${jurisdiction}`);
  return calculations.calculate({ program_id: programId, jurisdiction, household: restrictHousehold(indexShape(pkg.shape), household, screen) });
}
