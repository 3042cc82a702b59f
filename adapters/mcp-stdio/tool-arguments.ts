/**
 * The adapter's own argument check: a tool's arguments against the same zod shape its tools/list schema is
 * built from. A refusal is a message naming each bad argument; nothing is sent to the API.
 */
import * as z from 'zod';
import type { ToolDefinition } from './tools.js';

export type ArgumentCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

export function checkToolArguments(tool: ToolDefinition, raw: unknown): ArgumentCheck {
  const parsed = z.object(tool.input ?? {}).safeParse(raw ?? {});
  if (parsed.success) return { ok: true, args: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`);
  return {
    ok: false,
    message: `${tool.name}: invalid arguments, nothing was sent to the API: ${problems.join('; ')}. The tool's input schema (tools/list) gives every argument and its limits.`,
  };
}
