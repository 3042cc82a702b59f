#!/usr/bin/env node
/**
 * The `tenet` command line. Each subcommand lives in adapters/cli/commands/*.ts and exports a
 * `register...(program)` function; add yours to COMMANDS with one line. Use `commandGroup(program, 'keys', ...)`
 * from ./program.js to add subcommands under a shared group.
 */
import { Command, CommanderError, type OutputConfiguration } from 'commander';
import { API_VERSION } from '../../core/domain/config.js';
import { ConfigError } from '../config/env.js';
import { registerAdmin } from './commands/admin.js';
import { registerCalculate } from './commands/calculate.js';
import { registerCorpus } from './commands/corpus.js';
import { registerKeysGenerate } from './commands/keys-generate.js';
import { registerMcp } from './commands/mcp.js';
import { registerScreen } from './commands/screen.js';
import { registerServe } from './commands/serve.js';
import { registerSweep } from './commands/sweep.js';
import { UsageError } from './errors.js';
import { invokedDirectly } from './invoked-directly.js';
import type { CommandModule } from './program.js';

const COMMANDS: CommandModule[] = [
  registerServe,
  registerKeysGenerate,
  registerAdmin,
  registerCorpus,
  registerMcp,
  registerSweep,
  registerCalculate,
  registerScreen,
];

/** The whole command tree; `output` (tests) redirects commander's help and error text. */
export function buildProgram(output?: OutputConfiguration): Command {
  const program = new Command('tenet').description('Tenet rule service: search, read and calculate with rules encoded as code').version(API_VERSION);
  program.exitOverride();
  // Subcommands copy these settings when created, so they are set before any command is added.
  if (output) program.configureOutput(output);
  for (const register of COMMANDS) register(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    // Commander has printed its message; any error of its own (unknown option, missing argument, bad choice,
    // a group without its subcommand) is a usage error: exit 2. Help and --version exit 0.
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    if (error instanceof ConfigError || error instanceof UsageError) {
      process.stderr.write(`tenet: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`tenet: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

// Run only when executed (node dist/adapters/cli/main.js, or the `tenet` bin symlink), not when imported by tests.
if (invokedDirectly(import.meta.url)) await main(process.argv);
