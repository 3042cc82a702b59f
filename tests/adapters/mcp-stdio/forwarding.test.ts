/**
 * The adapter as a child process against scripted servers: which request each tool sends, the 429 retry rule,
 * and the timeout, network-failure and non-envelope messages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, json, META, scriptedServer, spawnAdapter, type RecordedRequest, type ScriptedServer, type SpawnedAdapter } from './support.js';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: any };

const household = { people: { a: { age: 30, earned_income: 1000 } } };
const calc = { program_id: 'snap', jurisdiction: 'us-co', household, variables: ['snap_allotment'] };

/** tool, arguments, expected method, path and JSON body (undefined: no body). */
const FORWARDING: Array<[string, Record<string, unknown>, string, string, unknown]> = [
  ['get_capabilities', {}, 'GET', '/v1/capabilities', undefined],
  ['list_programs', {}, 'GET', '/v1/programs', undefined],
  ['list_runtime_packages', {}, 'GET', '/v1/runtime/packages', undefined],
  ['get_runtime_package', { jurisdiction: 'us-co', program_id: 'snap' }, 'GET', '/v1/runtime/packages/us-co/snap', undefined],
  ['search_rules', { query: 'shelter deduction', program_id: 'snap' }, 'POST', '/v1/search', { query: 'shelter deduction', program_id: 'snap', limit: 20 }],
  ['get_rule', { rule_id: 'us/7-cfr/273.9#d' }, 'GET', '/v1/rules/us%2F7-cfr%2F273.9%23d', undefined],
  ['get_rule_sources', { rule_id: 'us/7-cfr/273.9' }, 'GET', '/v1/rules/us%2F7-cfr%2F273.9/sources', undefined],
  ['get_rule_dependencies', { rule_id: 'snap.net_income' }, 'GET', '/v1/rules/snap.net_income/dependencies', undefined],
  ['calculate_household', calc, 'POST', '/v1/calculate', calc],
  ['calculate_batch', { requests: [calc, calc] }, 'POST', '/v1/calculate/batch', { requests: [calc, calc] }],
  ['submit_calculation_job', { requests: [calc] }, 'POST', '/v1/jobs/calculate', { requests: [calc] }],
  // The trace size (Tenet extension) goes through as given, on a calculation and on each batch or job entry.
  ['calculate_household', { ...calc, trace: 'none' }, 'POST', '/v1/calculate', { ...calc, trace: 'none' }],
  ['calculate_batch', { requests: [{ ...calc, trace: 'decisive' }, calc] }, 'POST', '/v1/calculate/batch', { requests: [{ ...calc, trace: 'decisive' }, calc] }],
  ['submit_calculation_job', { requests: [{ ...calc, trace: 'none' }] }, 'POST', '/v1/jobs/calculate', { requests: [{ ...calc, trace: 'none' }] }],
  ['get_calculation_job', { job_id: 'job 1/2' }, 'GET', '/v1/jobs/job%201%2F2', undefined],
  ['list_parity_cases', {}, 'GET', '/v1/parity/cases', undefined],
  ['run_parity_cases', {}, 'POST', '/v1/parity/run', undefined],
];

async function call(adapter: SpawnedAdapter, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await adapter.client.callTool({ name, arguments: args })) as ToolResult;
}

describe('MCP adapter forwarding', () => {
  let behaviour: (req: RecordedRequest, res: import('node:http').ServerResponse) => void = (_req, res) => json(res, 200, { status: 'ok', data: {}, meta: META });
  let server: ScriptedServer;
  let adapter: SpawnedAdapter;

  beforeAll(async () => {
    server = await scriptedServer((req, res) => behaviour(req, res));
    adapter = await spawnAdapter({ SERVICE_API_BASE_URL: `${server.url}///`, SERVICE_API_KEY: 'tnt_test-key', SERVICE_API_TIMEOUT_MS: '1500' });
  }, 60_000);
  afterAll(async () => {
    await adapter?.close();
    await server?.close();
  });
  afterEach(() => {
    server.requests.length = 0;
    behaviour = (_req, res) => json(res, 200, { status: 'ok', data: {}, meta: META });
  });

  it.each(FORWARDING)('%s sends exactly one request to its endpoint', async (tool, args, method, path, body) => {
    const envelope = { status: 'ok', data: { echo: tool, nested: { list: [1, 2.5, null] } }, meta: META };
    behaviour = (_req, res) => json(res, 200, envelope);
    const result = await call(adapter, tool, args);
    expect(result.isError ?? false).toBe(false);
    expect(result.structuredContent).toEqual(envelope);
    expect(result.content[0].text).toBe(JSON.stringify(envelope, null, 2));
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect({ method: req.method, path: req.path }).toEqual({ method, path });
    expect(req.authorization).toBe('Bearer tnt_test-key');
    if (body === undefined) expect(req.body).toBe('');
    else {
      expect(req.contentType).toBe('application/json');
      expect(JSON.parse(req.body)).toEqual(body);
    }
  });

  it('rejects arguments outside the tool schema without calling the API, with the structured error of any refused call', async () => {
    const result = await call(adapter, 'search_rules', { query: 'x' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: { message: result.content[0].text, http_status: 400, api_response: null } });
    expect(result.content[0].text).toMatch(/^search_rules: invalid arguments, nothing was sent to the API: query: .*2/);
    const tooMany = await call(adapter, 'calculate_batch', { requests: Array.from({ length: 26 }, () => calc) });
    expect(tooMany.structuredContent.error).toMatchObject({ message: expect.stringContaining('requests: '), http_status: 400, api_response: null });
    const badTrace = await call(adapter, 'calculate_household', { ...calc, trace: 'short' });
    expect(badTrace.structuredContent.error).toMatchObject({ message: expect.stringContaining('trace: must be one of full, decisive, none'), http_status: 400, api_response: null });
    const missing = await call(adapter, 'get_rule', {});
    expect(missing.structuredContent.error).toMatchObject({ message: expect.stringContaining('rule_id: '), http_status: 400, api_response: null });
    const unknown = await call(adapter, 'no_such_tool', {});
    expect(unknown).toMatchObject({ isError: true, structuredContent: { error: { message: 'Unknown tool "no_such_tool"; tools/list names the 14 tools.', http_status: 400, api_response: null } } });
    expect(server.requests).toHaveLength(0);
  });

  it('retries a 429 rate_limited once when retry-after is at most 10 s, and reports retry_after when it still fails', async () => {
    const limited = { status: 'error', error: { code: 'rate_limited', message: 'Rate limit exceeded.' }, meta: META, data: { retry_after_seconds: 1 } };
    behaviour = (_req, res) => json(res, 429, limited, { 'retry-after': '1' });
    const result = await call(adapter, 'list_programs');
    expect(server.requests).toHaveLength(2);
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toEqual({
      message: expect.stringContaining('429 rate_limited'),
      http_status: 429,
      api_response: limited,
      retry_after: 1,
    });
  });

  it('succeeds when the single retry after a 429 succeeds', async () => {
    behaviour = (_req, res) =>
      server.requests.length === 1
        ? json(res, 429, { status: 'error', error: { code: 'rate_limited', message: 'Rate limit exceeded.' }, meta: META }, { 'retry-after': '0' })
        : json(res, 200, { status: 'ok', data: { second: true }, meta: META });
    const result = await call(adapter, 'list_programs');
    expect(server.requests).toHaveLength(2);
    expect(result.structuredContent.data).toEqual({ second: true });
  });

  it('does not retry when retry-after exceeds 10 s, nor an auth_throttled 429', async () => {
    behaviour = (_req, res) => json(res, 429, { status: 'error', error: { code: 'rate_limited', message: 'Rate limit exceeded.' }, meta: META }, { 'retry-after': '30' });
    const slow = await call(adapter, 'list_programs');
    expect(server.requests).toHaveLength(1);
    expect(slow.structuredContent.error.retry_after).toBe(30);

    server.requests.length = 0;
    behaviour = (_req, res) => json(res, 429, { status: 'error', error: { code: 'auth_throttled', message: 'Too many failed attempts.' }, meta: META }, { 'retry-after': '1' });
    const throttled = await call(adapter, 'list_programs');
    expect(server.requests).toHaveLength(1);
    expect(throttled.structuredContent.error.http_status).toBe(429);
    expect(throttled.structuredContent.error.api_response.error.code).toBe('auth_throttled');
  });

  it('names the URL and the configured timeout when the API does not answer in time', async () => {
    behaviour = () => {}; // never answers
    const result = await call(adapter, 'get_capabilities');
    expect(result.isError).toBe(true);
    const text = result.content[0].text!;
    expect(text).toContain(`${server.url}/v1/capabilities`);
    expect(text).toContain('1500 ms');
    expect(result.structuredContent.error).toMatchObject({ http_status: null, api_response: null });
  });

  it('reports a non-envelope error response with its status and a snippet', async () => {
    behaviour = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const result = await call(adapter, 'list_programs');
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ http_status: 502, api_response: null });
    expect(result.structuredContent.error.message).toContain('Bad gateway');
  });
});

describe('MCP adapter without a reachable API', () => {
  it('names the URL and the cause of a network failure', async () => {
    const port = await closedPort();
    const adapter = await spawnAdapter({ SERVICE_API_BASE_URL: `http://127.0.0.1:${port}` });
    try {
      const result = (await adapter.client.callTool({ name: 'get_capabilities', arguments: {} })) as ToolResult;
      expect(result.isError).toBe(true);
      const text = result.content[0].text!;
      expect(text).toContain(`http://127.0.0.1:${port}/v1/capabilities`);
      expect(text).toContain('ECONNREFUSED');
      expect(result.structuredContent.error).toMatchObject({ http_status: null, api_response: null });
    } finally {
      await adapter.close();
    }
  }, 60_000);
});
