/**
 * Entry of the stdio adapter: `tenet mcp` calls runMcp(); `node dist/adapters/mcp-stdio/main.js` runs it
 * directly without loading the rest of the CLI (quicker for MCP clients).
 */
import { invokedDirectly } from '../cli/invoked-directly.js';
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

if (invokedDirectly(import.meta.url)) process.exit(await runMcp());
