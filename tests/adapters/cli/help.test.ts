/** Every command's --help shows that command's own usage, and every command that prints a result takes --json. */
import { CommanderError, type Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../adapters/cli/main.js';

function paths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.filter((c) => c.name() !== 'help').flatMap((c) => [[...prefix, c.name()], ...paths(c, [...prefix, c.name()])]);
}

function help(args: string[]): { text: string; error: CommanderError } {
  let text = '';
  const program = buildProgram({ writeOut: (s) => void (text += s), writeErr: (s) => void (text += s) });
  try {
    program.parse(['node', 'tenet', ...args, '--help']);
  } catch (error) {
    return { text, error: error as CommanderError };
  }
  throw new Error(`--help did not stop ${args.join(' ')}`);
}

const ALL = paths(buildProgram());
const leaf = (path: string[]): Command => path.reduce<Command>((c, name) => c.commands.find((x) => x.name() === name) as Command, buildProgram());
const SERVERS = ['serve', 'mcp'];

describe('subcommand help', () => {
  it('covers the whole tree', () => {
    expect(ALL.map((p) => p.join(' '))).toEqual(
      expect.arrayContaining(['admin kill status', 'admin usage', 'admin analytics', 'admin audit', 'admin validation runs publish', 'admin parity run', 'corpus test', 'keys generate']),
    );
  });

  it.each(ALL.map((p) => [p.join(' '), p]))('tenet %s --help shows its own usage and exits 0', (_name, path) => {
    const { text, error } = help(path as string[]);
    expect(error.exitCode).toBe(0);
    const own = leaf(path as string[]);
    const usage = `Usage: tenet ${(path as string[]).slice(0, -1).concat(own.aliases().length > 0 ? `${own.name()}|${own.aliases()[0]}` : own.name()).join(' ')}`;
    expect(text.startsWith(usage)).toBe(true);
    if (own.commands.length === 0 && !SERVERS.includes(own.name())) expect(text).toContain('--json');
  });

  it('the alias shows the same help', () => {
    expect(help(['admin', 'kill', 'show']).text).toBe(help(['admin', 'kill', 'status']).text);
  });
});
