/** Entry-point check shared by the CLI and the stdio MCP entry (kept tiny: the MCP entry must not load the CLI). */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` is the script node was started with (directly or via a bin symlink), not an import. */
export function invokedDirectly(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(moduleUrl);
  } catch {
    return false;
  }
}
