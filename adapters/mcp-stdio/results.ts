/** Turns an API outcome into an MCP tool result (spec "Tool adapter (stdio)", Tool results). */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiOutcome, ApiRequest } from './api-client.js';

export interface ToolErrorDetail {
  message: string;
  /** null when no HTTP response arrived (timeout, network failure). */
  http_status: number | null;
  /** The full API error envelope (null when there was none). */
  api_response: unknown;
  retry_after?: number;
}

function isEnvelope(body: unknown): body is { status: string; error?: { code?: unknown; message?: unknown } } {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && typeof (body as { status?: unknown }).status === 'string';
}

function errorResult(detail: ToolErrorDetail): CallToolResult {
  const text = detail.api_response === null ? detail.message : `${detail.message}\n\n${JSON.stringify(detail.api_response, null, 2)}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error: { ...detail } } };
}

function httpErrorMessage(request: ApiRequest, url: string, status: number, body: unknown): string {
  const where = `${request.method} ${url} returned HTTP ${status}`;
  if (isEnvelope(body) && body.error && typeof body.error.code === 'string') {
    return `${where} ${body.error.code}: ${typeof body.error.message === 'string' ? body.error.message : ''}`.trimEnd();
  }
  const snippet = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body)?.slice(0, 200);
  return `${where} without an API error envelope${snippet ? `: ${snippet}` : ''}`;
}

/**
 * A call the adapter refuses itself (arguments outside the tool's schema, an unknown tool): the same structured
 * error as a refused API call, with the status the API gives a bad request (400) and no API response.
 */
export function refusedResult(message: string): CallToolResult {
  return errorResult({ message, http_status: 400, api_response: null });
}

export function toToolResult(request: ApiRequest, outcome: ApiOutcome): CallToolResult {
  switch (outcome.kind) {
    case 'timeout':
      return errorResult({
        message: `${request.method} ${outcome.url} timed out after ${outcome.timeoutMs} ms (SERVICE_API_TIMEOUT_MS=${outcome.timeoutMs}).`,
        http_status: null,
        api_response: null,
      });
    case 'network':
      return errorResult({ message: `${request.method} ${outcome.url} failed before any response: ${outcome.cause}`, http_status: null, api_response: null });
    case 'response': {
      const { status, body } = outcome;
      if (status >= 200 && status < 300 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
        // The envelope, unchanged: as text for any client and as the identical object for structured clients.
        return { content: [{ type: 'text', text: JSON.stringify(body, null, 2) }], structuredContent: body as Record<string, unknown> };
      }
      const detail: ToolErrorDetail = {
        message: status >= 200 && status < 300 ? `${request.method} ${outcome.url} returned HTTP ${status} with a body that is not a JSON object` : httpErrorMessage(request, outcome.url, status, body),
        http_status: status,
        api_response: isEnvelope(body) ? body : null,
      };
      if (status === 429 && outcome.retryAfter !== null) detail.retry_after = outcome.retryAfter;
      return errorResult(detail);
    }
  }
}
