/**
 * Limits from the spec's Limits table. The request schemas (core/api/schemas/calculation.ts) enforce them once, at
 * the edge (HTTP body, embedding call, MCP tool arguments); nothing re-checks an entry's shape after that.
 */
export const LIMITS = {
  idLength: 120,
  variables: 100,
  variableLength: 200,
  batch: 25,
  job: 50,
} as const;
