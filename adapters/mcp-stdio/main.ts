/**
 * Entry of the stdio adapter: `tenet mcp` calls runMcp(); `node dist/adapters/mcp-stdio/main.js` runs it
 * directly without loading the rest of the CLI (quicker for MCP clients).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpConfigError } from './config.js';
import { runStdioServer } from './server.js';

/** Serves until the client closes stdin; returns the exit code (2 for unusable configuration). */
export async function runMcp(env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    await runStdioServer(env);
    return 0;
  } catch (error) {
    if (error instanceof McpConfigError) {
      process.stderr.write(`tenet mcp: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`tenet mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (invokedDirectly()) process.exit(await runMcp());
