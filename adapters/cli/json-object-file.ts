/**
 * A command's JSON object input, from a file or `-` (stdin). It is read and parsed before anything else happens;
 * an unreadable file, text that is not JSON and JSON that is not an object are usage errors (exit 2).
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

export interface JsonObjectInput {
  /** Put before every message: the flag the path came from (`--household: `), or nothing for an argument. */
  readonly prefix?: string;
  /** What the object must be, after "must hold" (`one JSON object {kind, rows, ...}`). */
  readonly shape: string;
}

export function readJsonObject(path: string, { prefix = '', shape }: JsonObjectInput): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new UsageError(`${prefix}cannot read ${path}: ${messageOf(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${prefix}${path} is not JSON: ${messageOf(error)}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`${prefix}${path} must hold ${shape}`);
  return parsed as Record<string, unknown>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
