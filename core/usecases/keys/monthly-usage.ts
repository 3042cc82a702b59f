/** GET /v1/admin/usage: per-key request counts for one UTC month. */
import { ServiceError } from '../../domain/errors.js';
import { MONTH_PATTERN, sortUsage, utcMonth, type UsageRowRecord } from '../../domain/keys/usage-month.js';
import type { KeysDeps } from './context.js';

export async function monthlyUsage(
  deps: Pick<KeysDeps, 'stores' | 'now'>,
  month: string | undefined,
): Promise<{ month: string; usage: UsageRowRecord[]; store: string }> {
  const chosen = month ?? utcMonth(deps.now());
  if (!MONTH_PATTERN.test(chosen)) throw new ServiceError('invalid_request', 'month: must match YYYY-MM (e.g. 2026-11)');
  return { month: chosen, usage: sortUsage(await deps.stores.usage.month(chosen)), store: deps.stores.health.name };
}
