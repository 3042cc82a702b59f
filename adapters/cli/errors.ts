/**
 * The CLI's two failure kinds and their exit statuses (docs/cli.md): 2 when the command line itself is wrong
 * (checked before any request: a bad flag value, missing settings, an unreadable input file, a refused
 * confirmation), 1 when the work failed (the server refused, could not be reached, or tests failed).
 */

/** The command line is wrong; main.ts prints the message and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly exitCode = 2;
}

/** A request to the server failed or was refused; main.ts prints the message and exits 1. */
export class AdminRequestError extends Error {
  override name = 'AdminRequestError';
  readonly exitCode = 1;
}
