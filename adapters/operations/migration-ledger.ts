/** The migration ledger from a JSON file (MIGRATION_LEDGER_PATH), read once and kept; none when unset. */
import { readFile } from 'node:fs/promises';
import type { MigrationLedgerSource } from '../../core/ports/migration-ledger.js';

export class FileMigrationLedger implements MigrationLedgerSource {
  #loaded: Promise<Record<string, unknown> | null> | null = null;

  constructor(private readonly path: string | null) {}

  /** Rejects (at start-up, through the module) when the file is unreadable or not a JSON object. */
  load(): Promise<Record<string, unknown> | null> {
    this.#loaded ??= this.#read();
    return this.#loaded;
  }

  async #read(): Promise<Record<string, unknown> | null> {
    if (this.path === null) return null;
    const text = await readFile(this.path, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`MIGRATION_LEDGER_PATH ${this.path}: not valid JSON (${(error as Error).message})`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`MIGRATION_LEDGER_PATH ${this.path}: must hold a JSON object`);
    return parsed as Record<string, unknown>;
  }
}
