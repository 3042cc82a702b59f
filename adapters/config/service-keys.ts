/** SERVICE_API_KEYS: a JSON array of environment keys, each checked field by field, ids unique, scopes known. */
import * as v from 'valibot';
import type { EnvironmentKeyConfig } from '../../core/domain/config.js';
import { unknownScopes, unknownScopesMessage } from '../../core/domain/keys/scopes.js';
import { json, type TextSchema } from './parsers.js';

const IsoDateTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z'));

const EnvironmentKeySchema = v.strictObject({
  id: v.pipe(v.string('must be a string'), v.regex(/^[a-z0-9][a-z0-9_-]{2,63}$/, 'must be 3-64 lowercase letters, digits, - or _, starting with a letter or digit')),
  sha256: v.pipe(v.string('must be a string'), v.regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters (the sha256 of the raw key)')),
  scopes: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'must be an array of strings'), v.minLength(1, 'must hold at least one scope')),
  owner: v.optional(v.pipe(v.string(), v.maxLength(120, 'must be at most 120 characters'))),
  expires_at: v.optional(IsoDateTime),
  rate_limit: v.optional(
    v.strictObject({
      requests: v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be >= 1')),
      window_seconds: v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be >= 1')),
    }),
  ),
});

function keyProblems(keys: EnvironmentKeyConfig[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const key of keys) {
    if (ids.has(key.id)) problems.push(`duplicate id ${JSON.stringify(key.id)}`);
    ids.add(key.id);
    const unknown = unknownScopes(key.scopes);
    if (unknown.length > 0) problems.push(`key ${JSON.stringify(key.id)}: ${unknownScopesMessage(unknown)}`);
  }
  return problems;
}

export const ServiceKeysSchema: TextSchema<EnvironmentKeyConfig[]> = v.pipe(
  json('a JSON array of {id, sha256, scopes, owner?, expires_at?, rate_limit?}'),
  v.array(EnvironmentKeySchema, 'must be a JSON array'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed) for (const message of keyProblems(dataset.value)) addIssue({ message });
  }),
);
