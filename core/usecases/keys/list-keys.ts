/** GET /v1/admin/keys: metadata of environment and store keys, never a key value or hash. */
import { environmentKeyMetadata, storedKeyMetadata, type ApiKeyMetadata } from '../../domain/keys/api-key.js';
import type { KeysDeps } from './context.js';

export async function listKeys(deps: Pick<KeysDeps, 'stores' | 'registry'>): Promise<{ keys: ApiKeyMetadata[]; store: string }> {
  const [stored, revokedEnv] = await Promise.all([deps.stores.keys.list(), deps.stores.keys.revokedEnvironmentKeys()]);
  const environment = deps.registry.environmentKeys.map((key) => environmentKeyMetadata(key, revokedEnv.has(key.id)));
  const store = stored.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).map(storedKeyMetadata);
  return { keys: [...environment, ...store], store: deps.stores.health.name };
}
