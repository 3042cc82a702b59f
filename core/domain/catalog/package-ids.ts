/**
 * Guidance for a program id and jurisdiction that name no runtime package: the closest valid ids and where the
 * valid ones are listed. Ids are matched exactly (lower case, `us-tx`); a near miss is refused with the suggestion
 * rather than accepted, so one package never has two spellings in answers, URLs or usage records.
 */
import { closestMatch } from '../suggest.js';
import { suggestJurisdiction } from './jurisdictions.js';

export interface PackageKey {
  program_id: string;
  jurisdiction: string;
}

export const PACKAGE_LIST_HINT = 'GET /v1/runtime/packages lists every executable program_id and jurisdiction pair (GET /v1/programs lists the programs with rules).';

/** The package the caller most likely meant, when correcting one or both ids finds one. */
function suggestedPackage(wanted: PackageKey, packages: readonly PackageKey[]): PackageKey | null {
  const programs = new Set(packages.map((p) => p.program_id));
  const program = programs.has(wanted.program_id) ? wanted.program_id : closestMatch(wanted.program_id, programs);
  if (program === null) return null;
  const jurisdictions = packages.filter((p) => p.program_id === program).map((p) => p.jurisdiction);
  const jurisdiction = jurisdictions.includes(wanted.jurisdiction) ? wanted.jurisdiction : suggestJurisdiction(wanted.jurisdiction, jurisdictions);
  return jurisdiction === null ? null : { program_id: program, jurisdiction };
}

/** `No runtime package ... (did you mean ...?). GET /v1/runtime/packages lists ...` for a 404 or 422 message. */
export function noPackageMessage(wanted: PackageKey, packages: readonly PackageKey[]): string {
  const base = `No runtime package matches program_id ${JSON.stringify(wanted.program_id)} and jurisdiction ${JSON.stringify(wanted.jurisdiction)}`;
  const found = suggestedPackage(wanted, packages);
  const changed: string[] = [];
  if (found && found.program_id !== wanted.program_id) changed.push(`program_id "${found.program_id}"`);
  if (found && found.jurisdiction !== wanted.jurisdiction) changed.push(`jurisdiction "${found.jurisdiction}"`);
  const suggestion = changed.length > 0 ? ` (did you mean ${changed.join(' and ')}?)` : '';
  return `${base}${suggestion}. ${PACKAGE_LIST_HINT}`;
}
