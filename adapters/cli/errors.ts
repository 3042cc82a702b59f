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

/** The innermost cause of a fetch failure, e.g. "connect ECONNREFUSED 127.0.0.1:9" or "getaddrinfo ENOTFOUND x". */
export function describeFetchCause(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const next = (current as { cause?: unknown } | null)?.cause;
    if (next === undefined || next === null) break;
    current = next;
  }
  if (current instanceof Error) {
    const code = (current as { code?: unknown }).code;
    return typeof code === 'string' && !current.message.includes(code) ? `${code}: ${current.message}` : current.message;
  }
  return String(current);
}
