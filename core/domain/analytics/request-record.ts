/** What the HTTP platform reports after every response (for analytics and usage counters). */
export interface RequestRecord {
  method: string;
  /** Route pattern (e.g. '/v1/search'), or null for unknown routes. */
  route: string | null;
  status: number;
  duration_ms: number;
  request_id: string;
  /** The authenticated key, also when it was then rejected (rate limit, scope); null when none authenticated. */
  key_id: string | null;
  /** Error code when the response was an error envelope. */
  error_code: string | null;
  client_ip: string;
}
