import type { Command } from 'commander';
import { runMcp } from '../../mcp-stdio/main.js';

/** `tenet mcp`: the stdio tool adapter (Model Context Protocol), configured by SERVICE_API_* variables. */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the MCP tool adapter over stdio, forwarding to SERVICE_API_BASE_URL with SERVICE_API_KEY (see docs/mcp.md)')
    .action(async () => {
      process.exit(await runMcp());
    });
}
