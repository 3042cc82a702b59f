/** Shared helpers for CLI subcommand modules. */
import type { Command } from 'commander';

/** A CLI subcommand module: `register(program)` adds its commands. */
export type CommandModule = (program: Command) => void;

/** Returns the existing `name` command group (e.g. 'keys', 'admin', 'corpus') or creates it, so modules can share one. */
export function commandGroup(program: Command, name: string, description: string): Command {
  const existing = program.commands.find((c) => c.name() === name);
  return existing ?? program.command(name).description(description);
}
