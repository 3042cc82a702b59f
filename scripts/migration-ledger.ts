/**
 * Brings a partner migration ledger (the JSON file a deployment serves at GET /v1/admin/validation/migration through
 * MIGRATION_LEDGER_PATH; docs/operations.md) up to date with the compatibility endpoint: each entry of its `variables`
 * list that the endpoint computes gets `status: "mapped"`, the program whose packages compute it and the
 * jurisdictions that have such a package (`covered_states`); an entry it does not compute keeps its status
 * (`awaiting` when it had none). The mapping is the endpoint's own table (core/domain/compat/outputs.ts OUTPUTS).
 *   node --import ./scripts/ts/register.mjs scripts/migration-ledger.ts <ledger.json> [--write]
 * Without --write the updated ledger is printed; with it the file is rewritten.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OUTPUTS } from '../core/domain/compat/outputs.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Jurisdictions with a bundled package of the program (rules/programs/<jurisdiction>/<program>/). */
export function coveredJurisdictions(program: string, rulesRoot = resolve(ROOT, 'rules')): string[] {
  const programs = resolve(rulesRoot, 'programs');
  return readdirSync(programs).filter((j) => readdirSync(resolve(programs, j)).includes(program)).sort();
}

type Entry = Record<string, unknown> & { name?: unknown; status?: unknown };

/** The ledger with each computed variable marked mapped (a new object; the input is not changed). */
export function updateLedger(ledger: Record<string, unknown>, rulesRoot?: string): Record<string, unknown> {
  const variables = Array.isArray(ledger.variables) ? (ledger.variables as Entry[]) : [];
  return {
    ...ledger,
    variables: variables.map((entry) => {
      const name = typeof entry.name === 'string' ? entry.name : undefined;
      const def = name !== undefined && Object.hasOwn(OUTPUTS, name) ? OUTPUTS[name] : undefined;
      if (def === undefined) return { ...entry, status: entry.status ?? 'awaiting' };
      return { ...entry, status: 'mapped', program: def.program, package_output: def.output, covered_states: coveredJurisdictions(def.program, rulesRoot) };
    }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (file === undefined) {
    console.error('usage: node --import ./scripts/ts/register.mjs scripts/migration-ledger.ts <ledger.json> [--write]');
    process.exit(2);
  }
  const updated = updateLedger(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  const text = `${JSON.stringify(updated, null, 2)}\n`;
  if (process.argv.includes('--write')) writeFileSync(file, text);
  else process.stdout.write(text);
}
