import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import type { EnvironmentKeyConfig } from '../../../core/domain/config.js';
import { KEY_ID_PATTERN } from '../../../core/domain/keys/api-key.js';
import { formatKey, hashKey, KEY_RANDOM_BYTES } from '../../../core/domain/keys/key-material.js';
import { grantableScopes, unknownScopes, unknownScopesMessage } from '../../../core/domain/keys/scopes.js';
import { jsonDocument } from '../output.js';
import { commandGroup } from '../program.js';

export interface GenerateOptions {
  id: string;
  scopes: string[];
  owner?: string;
  expiresAt?: string;
}

export interface GeneratedKey {
  key: string;
  entry: EnvironmentKeyConfig;
}

/** Builds a new raw key and its SERVICE_API_KEYS entry; throws with a clear message on bad options. */
export function generateKey(options: GenerateOptions, random: (size: number) => Buffer = randomBytes): GeneratedKey {
  if (!KEY_ID_PATTERN.test(options.id)) throw new Error('--id must be 3-64 lowercase letters, digits, - or _, starting with a letter or digit');
  const scopes = options.scopes.map((s) => s.trim()).filter((s) => s !== '');
  if (scopes.length === 0) throw new Error('--scopes must list at least one scope, e.g. rules:read,calculate:run or *');
  const unknown = unknownScopes(scopes);
  if (unknown.length > 0) throw new Error(`--scopes: ${unknownScopesMessage(unknown)}`);
  if (options.owner !== undefined && options.owner.length > 120) throw new Error('--owner must be at most 120 characters');
  if (options.expiresAt !== undefined && Number.isNaN(Date.parse(options.expiresAt))) throw new Error('--expires-at must be an ISO 8601 date-time');
  // Same format as keys issued over the API: `tnt_` + 32 base64url characters (192 random bits).
  const key = formatKey(random(KEY_RANDOM_BYTES));
  const entry: EnvironmentKeyConfig = { id: options.id, sha256: hashKey(key), scopes };
  if (options.owner !== undefined) entry.owner = options.owner;
  if (options.expiresAt !== undefined) entry.expires_at = new Date(options.expiresAt).toISOString();
  return { key, entry };
}

export function registerKeysGenerate(program: Command): void {
  commandGroup(program, 'keys', 'API key utilities that need no running server')
    .command('generate')
    .description('print a new raw API key (shown once) and its SERVICE_API_KEYS entry')
    .requiredOption('--id <id>', 'key id (3-64 chars: a-z, 0-9, -, _)')
    .requiredOption('--scopes <list>', `comma-separated scopes from ${grantableScopes().join(', ')} (* grants all), e.g. rules:read,calculate:run`)
    .option('--owner <owner>', 'who holds the key (max 120 chars)')
    .option('--expires-at <date-time>', 'ISO 8601 expiry, e.g. 2027-01-01T00:00:00Z')
    .option('--json', 'print {key, entry} as one JSON document on stdout (nothing else)')
    .action(function (this: Command, options: { id: string; scopes: string; owner?: string; expiresAt?: string; json?: boolean }) {
      let generated: GeneratedKey;
      try {
        generated = generateKey({ id: options.id, scopes: options.scopes.split(','), owner: options.owner, expiresAt: options.expiresAt });
      } catch (error) {
        // A bad option is a usage error: exit status 2, as for a missing option.
        this.error(`tenet keys generate: ${(error as Error).message}`, { exitCode: 2, code: 'tenet.usage' });
      }
      const { key, entry } = generated;
      if (options.json) {
        process.stdout.write(jsonDocument(generated));
        return;
      }
      process.stdout.write(
        [
          `API key (shown once; store it now): ${key}`,
          '',
          'SERVICE_API_KEYS entry (add it to the JSON array):',
          JSON.stringify(entry),
          '',
          'For a single key:',
          `SERVICE_API_KEYS='${JSON.stringify([entry])}'`,
          '',
        ].join('\n'),
      );
    });
}
