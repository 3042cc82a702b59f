/**
 * `tenet admin ...`: operator commands that call a running server's admin API with an admin key. Each group
 * lives in its own module; the connection (--url/TENET_URL, --key/TENET_ADMIN_KEY) and --json are shared
 * (../admin-client.ts). Reference: docs/cli.md.
 */
import type { Command } from 'commander';
import { defaultIo, type AdminIo } from '../admin-client.js';
import { commandGroup } from '../program.js';
import { registerAdminAnalytics } from './admin-analytics.js';
import { registerAdminAudit } from './admin-audit.js';
import { registerAdminKeys } from './admin-keys.js';
import { registerAdminKill } from './admin-kill.js';
import { registerAdminParity } from './admin-parity.js';
import { registerAdminUsage } from './admin-usage.js';
import { registerAdminValidation } from './admin-validation.js';

export type { AdminIo } from '../admin-client.js';
export { AdminRequestError, UsageError } from '../errors.js';

export function registerAdmin(program: Command, io: AdminIo = defaultIo): void {
  const admin = commandGroup(program, 'admin', 'operate a running server through its admin API (needs an admin key)');
  registerAdminKeys(admin, io);
  registerAdminKill(admin, io);
  registerAdminAudit(admin, io);
  registerAdminUsage(admin, io);
  registerAdminAnalytics(admin, io);
  registerAdminValidation(admin, io);
  registerAdminParity(admin, io);
}
