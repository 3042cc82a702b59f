/** `tenet admin parity cases|run`: the parity cases and a parity run (/v1/parity/*, scope admin:parity). */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import type { ParityCase, ParityRunReport, ParityRunResult } from '../../../core/usecases/parity/types.js';
import { compact, table } from '../output.js';

/** A parity run can calculate many households: a longer deadline than the default 30 s. */
const RUN_TIMEOUT_MS = 120_000;

function formatCases(data: { cases: ParityCase[] }): string {
  const rows = data.cases.map((c) => [c.id, c.program_id, c.jurisdiction, c.runtime_supported ? 'yes' : 'no', Object.keys(c.expected_axiom_outputs).length, c.description]);
  return table(['id', 'program', 'jurisdiction', 'runtime supported', 'expected outputs', 'description'], rows);
}

function differences(r: ParityRunResult): string {
  if (r.error) return `${r.error.code}: ${r.error.message}`;
  const c = r.comparison;
  if (!c) return '';
  const all = [...c.changed, ...c.missing, ...c.extra];
  return all.map((d) => `${d.variable} expected ${compact(d.expected)} got ${compact(d.actual)}`).join('; ');
}

function formatRun(run: ParityRunReport): string {
  const s = run.summary;
  const head = `${s.total} run: ${s.matching} matching, ${s.different} different, ${s.errored} errored; ${s.skipped} skipped\n`;
  const results = table(['id', 'program', 'jurisdiction', 'status', 'differences'], run.results.map((r) => [r.id, r.program_id, r.jurisdiction, r.status, differences(r)]));
  const skipped = run.skipped_cases.length === 0 ? '' : `\nskipped:\n${table(['id', 'reason'], run.skipped_cases.map((c) => [c.id, c.reason]))}`;
  return `${head}${results}${skipped}`;
}

export function registerAdminParity(admin: Command, io: AdminIo): void {
  const parity = admin.command('parity').description('parity cases and runs (needs admin:parity)');

  adminCommand(parity, 'cases', 'list the parity cases (households with expected outputs)').action(async (options: ConnectionOptions) => {
    print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/parity/cases')) as { cases: ParityCase[] }, formatCases);
  });

  adminCommand(parity, 'run', 'run every runtime-supported case and compare; exits 1 when a case differs or errors')
    .action(async (options: ConnectionOptions) => {
      const run = (await AdminClient.from(options, io).call('POST', '/v1/parity/run', { timeoutMs: RUN_TIMEOUT_MS })) as ParityRunReport;
      print(io, options, run, formatRun);
      if (run.summary.different > 0 || run.summary.errored > 0) io.setExitCode(1);
    });
}
