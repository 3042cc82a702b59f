/**
 * The adapter's own argument check: a tool's arguments against the same valibot schema its tools/list JSON Schema
 * is generated from (for the calculation tools, the API's request schemas). A refusal is a message naming each bad
 * argument; nothing is sent to the API.
 */
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { ToolDefinition } from './tools.js';

export type ArgumentCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/** `requests[1].program_id`, or empty for the arguments as a whole. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === 'number') path += `[${key}]`;
    else if (typeof key === 'string') path += path === '' ? key : `.${key}`;
  }
  return path;
}

export function checkToolArguments(tool: ToolDefinition, raw: unknown): ArgumentCheck {
  // A tool without arguments ignores whatever it is given (as tools/list's empty object schema says).
  if (tool.input === undefined) return { ok: true, args: {} };
  const parsed = v.safeParse(tool.input, raw ?? {});
  if (parsed.success) return { ok: true, args: parsed.output };
  const problems = parsed.issues.map((issue) => {
    const missing = issue.kind === 'schema' && issue.received === 'undefined' && issue.path !== undefined;
    return `${issuePath(issue) || '(arguments)'}: ${missing ? 'is required' : issue.message}`;
  });
  return {
    ok: false,
    message: `${tool.name}: invalid arguments, nothing was sent to the API: ${problems.join('; ')}. The tool's input schema (tools/list) gives every argument and its limits.`,
  };
}

const NO_ARGUMENTS = { type: 'object', properties: {} } as const;

/** The tool's input schema for tools/list: its valibot schema as JSON Schema (draft 2020-12, input side, defaults included), as the OpenAPI document converts it. */
export function toolInputJsonSchema(tool: ToolDefinition): { type: 'object'; [key: string]: unknown } {
  if (tool.input === undefined) return NO_ARGUMENTS;
  // Constraints JSON Schema cannot state (e.g. a custom check) are still enforced by checkToolArguments.
  const { $schema: _dialect, ...schema } = toJsonSchema(tool.input, { target: 'draft-2020-12', typeMode: 'input', errorMode: 'ignore' }) as Record<string, unknown>;
  return { ...schema, type: 'object' };
}
