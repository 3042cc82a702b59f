/**
 * `tenet admin validation runs list|show|publish` and `tenet admin validation migration`: validation runs and the
 * migration ledger (/v1/admin/validation/*, scope admin:analytics).
 */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import type { ValidationRunRecord, ValidationRunSummary } from '../../../core/domain/validation/run.js';
import { readJsonObject } from '../json-object-file.js';
import { compact, fields, objectTable, table } from '../output.js';

function formatRuns(data: { runs: ValidationRunSummary[] }): string {
  const rows = data.runs.map((r) => [
    r.id,
    r.kind,
    r.recorded_at,
    r.totals.variables,
    r.totals.covered,
    r.totals.parity_match,
    r.totals.parity_diff,
    r.totals.drift_diff,
    r.totals.uncovered,
    r.avg_case_latency_ms,
  ]);
  return table(['id', 'kind', 'recorded', 'variables', 'covered', 'match', 'diff', 'drift', 'uncovered', 'avg case ms'], rows);
}

function formatSummary(r: ValidationRunSummary): string {
  const t = r.totals;
  return fields([
    ['id', r.id],
    ['kind', r.kind],
    ['recorded at', r.recorded_at],
    ['api version', r.api_version],
    ['contract hash', r.contract_hash],
    ['base url', r.base_url],
    ['model versions', compact(r.model_versions)],
    ['totals', `${t.variables} variables: ${t.covered} covered (${t.parity_match} parity match, ${t.parity_diff} parity diff, ${t.drift_diff} drift diff), ${t.uncovered} uncovered`],
    ['avg case latency ms', r.avg_case_latency_ms],
  ]);
}

function formatRecord(r: ValidationRunRecord): string {
  return `${formatSummary(r)}\nrows (${r.rows.length}):\n${objectTable(r.rows)}\ncases (${r.cases.length}):\n${objectTable(r.cases)}`;
}

const isObjectList = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x));

/** The free-form ledger: scalar fields as `field: value`, each list of objects as a titled table. */
function formatLedger(ledger: Record<string, unknown>): string {
  const entries = Object.entries(ledger);
  const scalars = entries.filter(([, v]) => !isObjectList(v));
  const head = scalars.length === 0 ? '' : fields(scalars.map(([k, v]) => [k, compact(v)]));
  const tables = entries.filter(([, v]) => isObjectList(v)).map(([k, v]) => `\n${k} (${(v as unknown[]).length}):\n${objectTable(v as Record<string, unknown>[])}`);
  return `${head}${tables.join('')}`;
}

export function registerAdminValidation(admin: Command, io: AdminIo): void {
  const validation = admin.command('validation').description('validation runs and the migration ledger (needs admin:analytics)');
  const runs = validation.command('runs').description('list, show and publish validation runs');

  adminCommand(validation, 'migration', 'the partner migration ledger (404 unless the server sets MIGRATION_LEDGER_PATH)').action(async (options: ConnectionOptions) => {
    print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/admin/validation/migration')) as Record<string, unknown>, formatLedger);
  });

  adminCommand(runs, 'list', 'run summaries, newest first (at most 200)').action(async (options: ConnectionOptions) => {
    print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/admin/validation/runs')) as { runs: ValidationRunSummary[] }, formatRuns);
  });

  adminCommand(runs, 'show', 'one run: its summary, rows and cases')
    .argument('<run_id>', 'the run id, as `runs list` shows it')
    .action(async (runId: string, options: ConnectionOptions) => {
      const data = (await AdminClient.from(options, io).call('GET', `/v1/admin/validation/runs/${encodeURIComponent(runId)}`)) as ValidationRunRecord;
      print(io, options, data, formatRecord);
    });

  adminCommand(runs, 'publish', 'publish a run from a JSON file (- reads stdin)')
    .argument('<file>', 'JSON object {kind, rows, cases?, api_version?, base_url?, model_versions?}, or - for stdin')
    .action(async (file: string, options: ConnectionOptions) => {
      const body = readJsonObject(file, { shape: 'one JSON object {kind, rows, cases?, api_version?, base_url?, model_versions?}' });
      const data = (await AdminClient.from(options, io).call('POST', '/v1/admin/validation/runs', { body })) as ValidationRunSummary;
      print(io, options, data, (r) => `published run ${r.id}\n${formatSummary(r)}`);
    });
}
