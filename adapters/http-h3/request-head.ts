/**
 * Checks of a request's head that node's server would otherwise make and answer itself, bare (issue #25): the
 * server is created with `requireHostHeader: false` and a header count one past MAX_HEADER_FIELDS, and refuses
 * here, through the app's error path, what node answered with a bare 400 or passed on silently:
 *   - more than MAX_HEADER_FIELDS header fields (node keeps its count's worth and drops the rest without a word,
 *     a Host among them): 431 headers_too_large;
 *   - an HTTP/1.1 request without Host, or any request with more than one Host line (RFC 9112 section 3.2; node
 *     kept the first of two): 400 invalid_request.
 */
import type { IncomingMessage } from 'node:http';
import { ServiceError } from '../../core/domain/errors.js';

/** Most header fields one request may carry (node's own default count). */
export const MAX_HEADER_FIELDS = 1_000;

/** The value for node's `server.maxHeadersCount`: one more than allowed, so that a request past the limit shows. */
export const NODE_MAX_HEADERS_COUNT = MAX_HEADER_FIELDS + 1;

function hostLines(raw: readonly string[]): number {
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') hosts += 1;
  return hosts;
}

/** The refusal a request's head calls for, or null when it is acceptable. */
export function headProblem(req: IncomingMessage): ServiceError | null {
  const raw = req.rawHeaders;
  if (raw.length > MAX_HEADER_FIELDS * 2) return new ServiceError('headers_too_large', `The request carries more than ${MAX_HEADER_FIELDS} header fields; send fewer.`);
  const hosts = hostLines(raw);
  if (hosts > 1) return new ServiceError('invalid_request', `The request carries ${hosts} Host header lines; send exactly one (RFC 9112 section 3.2).`);
  if (hosts === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    return new ServiceError('invalid_request', 'An HTTP/1.1 request must carry a Host header (RFC 9112 section 3.2); send one, e.g. host: the server name.');
  }
  return null;
}
