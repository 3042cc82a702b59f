/** Shared by the two HTTP clients of the API (the operator CLI and the MCP adapter), which load nothing of each other. */

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
