/** `tenet admin kill status|set`: the trial kill switches (/v1/admin/kill, scope admin:keys). */
import type { Command } from 'commander';
import { adminCommand, AdminClient, print, type AdminIo, type ConnectionOptions } from '../admin-client.js';
import { isKillSwitchName, KILL_SWITCHES } from '../../../core/domain/keys/kill-switch.js';
import type { KillSwitchView } from '../../../core/usecases/keys/kill-switches.js';
import { UsageError } from '../errors.js';
import { table } from '../output.js';

function formatKillView(view: KillSwitchView): string {
  const rows = Object.entries(view.switches).map(([name, s]) => [name, s.engaged ? 'ENGAGED' : 'released', s.reason, s.updated_at, s.updated_by]);
  return `${table(['switch', 'state', 'reason', 'updated', 'by'], rows)}store: ${view.store}\n`;
}

export function registerAdminKill(admin: Command, io: AdminIo): void {
  const kill = admin.command('kill').description('trial kill switches: trial_traffic, trial_mint (needs admin:keys)');

  adminCommand(kill, 'status', 'show kill-switch state')
    .alias('show')
    .action(async (options: ConnectionOptions) => {
      print(io, options, (await AdminClient.from(options, io).call('GET', '/v1/admin/kill')) as KillSwitchView, formatKillView);
    });

  adminCommand(kill, 'set', 'engage or release a switch (recorded in the audit trail)')
    .argument('<switch>', 'trial_traffic or trial_mint')
    .option('--engage', 'engage the switch')
    .option('--release', 'release the switch')
    .requiredOption('--reason <text>', 'why (1-500 chars, recorded in the audit trail)')
    .action(async (name: string, options: ConnectionOptions & { engage?: boolean; release?: boolean; reason: string }) => {
      if (!isKillSwitchName(name)) throw new UsageError(`<switch> must be ${KILL_SWITCHES.join(' or ')} (got ${JSON.stringify(name)})`);
      if (Boolean(options.engage) === Boolean(options.release)) throw new UsageError('give exactly one of --engage or --release');
      const body = { switch: name, engaged: Boolean(options.engage), reason: options.reason };
      print(io, options, (await AdminClient.from(options, io).call('POST', '/v1/admin/kill', { body })) as KillSwitchView, formatKillView);
    });
}
