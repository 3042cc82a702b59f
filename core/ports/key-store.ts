import type { StoredKey } from '../domain/keys/api-key.js';

/** Persistence of admin-issued and trial keys, looked up by the sha256 of the raw key. */
export interface KeyStore {
  /** Stores a new key; 'conflict' when the id is taken. Atomic across instances. */
  create(key: StoredKey): Promise<'created' | 'conflict'>;
  findByHash(hash: string): Promise<StoredKey | null>;
  findById(id: string): Promise<StoredKey | null>;
  list(): Promise<StoredKey[]>;
  /** Marks a stored key revoked; false when no key has this id. */
  revoke(id: string, at: string): Promise<boolean>;
  /** Records a runtime revocation of an environment key (its registry entry lives outside the store). */
  revokeEnvironmentKey(id: string, at: string): Promise<void>;
  revokedEnvironmentKeys(): Promise<Set<string>>;
}
