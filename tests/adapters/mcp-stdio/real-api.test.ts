/**
 * The adapter as a child process, forwarding to the real app listening on a random port: tool listing,
 * successful calls (the envelope unchanged), API errors (401 without a key, 404), a real 429 retried once,
 * resources and prompts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../support/http-harness.js';
import { realServer, spawnAdapter, type RealServer, type SpawnedAdapter } from './support.js';

const SPEC_TOOLS = [
  'get_capabilities',
  'list_programs',
  'list_runtime_packages',
  'get_runtime_package',
  'search_rules',
  'get_rule',
  'get_rule_sources',
  'get_rule_dependencies',
  'calculate_household',
  'calculate_batch',
  'submit_calculation_job',
  'get_calculation_job',
  'list_parity_cases',
  'run_parity_cases',
];

const admin = testKey('mcp-admin', ['*']);
// One request per 5 s window: the second call inside a window is rate limited.
const limited = testKey('mcp-limited', ['rules:read']);
const limitedEntry = { ...limited.entry, rate_limit: { requests: 1, window_seconds: 5 } };

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: any };

function withoutRequestId(envelope: any): any {
  return { ...envelope, meta: { ...envelope.meta, request_id: '(varies)' } };
}

describe('MCP adapter over the real API', () => {
  let api: RealServer;
  let withKey: SpawnedAdapter;
  let withoutKey: SpawnedAdapter;
  let rateLimited: SpawnedAdapter;

  async function direct(method: string, path: string, key: string | null, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${api.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }

  async function call(adapter: SpawnedAdapter, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
    return (await adapter.client.callTool({ name, arguments: args })) as ToolResult;
  }

  function expectSuccess(result: ToolResult): any {
    expect(result.isError ?? false, result.content[0]?.text).toBe(false);
    expect(result.content[0].type).toBe('text');
    expect(JSON.parse(result.content[0].text!)).toEqual(result.structuredContent);
    expect(result.structuredContent.status).toBe('ok');
    return result.structuredContent;
  }

  beforeAll(async () => {
    api = await realServer({ env: { SERVICE_API_KEYS: JSON.stringify([admin.entry, limitedEntry]) } });
    [withKey, withoutKey, rateLimited] = await Promise.all([
      spawnAdapter({ SERVICE_API_BASE_URL: `${api.url}/`, SERVICE_API_KEY: admin.key }),
      spawnAdapter({ SERVICE_API_BASE_URL: api.url }),
      spawnAdapter({ SERVICE_API_BASE_URL: api.url, SERVICE_API_KEY: limited.key }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([withKey?.close(), withoutKey?.close(), rateLimited?.close()]);
    await api?.close();
  });

  it('lists exactly the 14 tools of the specification, with argument schemas', async () => {
    const { tools } = await withKey.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...SPEC_TOOLS].sort());
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.get_runtime_package.inputSchema.required?.sort()).toEqual(['jurisdiction', 'program_id']);
    expect(byName.search_rules.inputSchema.required).toEqual(['query']);
    expect((byName.search_rules.inputSchema.properties as any).limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(byName.calculate_household.inputSchema.required?.sort()).toEqual(['household', 'jurisdiction', 'program_id']);
    expect((byName.calculate_batch.inputSchema.properties as any).requests).toMatchObject({ minItems: 1, maxItems: 25 });
    expect((byName.submit_calculation_job.inputSchema.properties as any).requests).toMatchObject({ minItems: 1, maxItems: 50 });
    expect(byName.get_capabilities.inputSchema.properties ?? {}).toEqual({});
    for (const tool of tools) expect(tool.description?.length).toBeGreaterThan(20);
  });

  it('returns the API envelope unchanged, as text and as structuredContent', async () => {
    const capabilities = expectSuccess(await call(withKey, 'get_capabilities'));
    const expected = await direct('GET', '/v1/capabilities', admin.key);
    expect(withoutRequestId(capabilities)).toEqual(withoutRequestId(expected.body));

    const programs = expectSuccess(await call(withKey, 'list_programs'));
    expect(programs.data.programs.length).toBeGreaterThan(0);
    const search = expectSuccess(await call(withKey, 'search_rules', { query: 'snap standard deduction', jurisdiction: 'us-co', limit: 3 }));
    expect(search.data.results.length).toBeGreaterThan(0);
    expect(search.data.results.length).toBeLessThanOrEqual(3);

    // A citation path with slashes reaches the rule routes intact.
    const citation: string = search.data.results[0].citation_path;
    expect(citation).toContain('/');
    expect(expectSuccess(await call(withKey, 'get_rule', { rule_id: citation })).data.rule.citation_path).toBe(citation);
    expect(expectSuccess(await call(withKey, 'get_rule_sources', { rule_id: citation })).data.rule.citation_path).toBe(citation);
    expect(expectSuccess(await call(withKey, 'get_rule_dependencies', { rule_id: citation })).data.rule.citation_path).toBe(citation);

    const sample = capabilities.data.runtime.sample_requests[0];
    const pkg = expectSuccess(await call(withKey, 'get_runtime_package', { jurisdiction: sample.jurisdiction, program_id: sample.program_id }));
    expect(pkg.data.package.jurisdiction).toBe(sample.jurisdiction);
    const calculation = expectSuccess(await call(withKey, 'calculate_household', sample.sample_request));
    expect(withoutRequestId(calculation)).toEqual(withoutRequestId((await direct('POST', '/v1/calculate', admin.key, sample.sample_request)).body));
    const batch = expectSuccess(await call(withKey, 'calculate_batch', { requests: [sample.sample_request, sample.sample_request] }));
    expect(batch.data.summary).toEqual({ total: 2, succeeded: 2, failed: 0 });
    const job = expectSuccess(await call(withKey, 'submit_calculation_job', { requests: [sample.sample_request] }));
    const polled = expectSuccess(await call(withKey, 'get_calculation_job', { job_id: job.data.job_id }));
    expect(polled.data.id).toBe(job.data.job_id);
    expect(expectSuccess(await call(withKey, 'list_runtime_packages')).data.packages.length).toBeGreaterThan(0);

    const cases = expectSuccess(await call(withKey, 'list_parity_cases'));
    expect(cases.data.cases.length).toBeGreaterThan(0);
  });

  it('runs the parity cases through run_parity_cases', async () => {
    const run = expectSuccess(await call(withKey, 'run_parity_cases'));
    expect(run.data.summary.total).toBeGreaterThan(0);
    expect(run.data.summary.matching + run.data.summary.different + run.data.summary.errored + run.data.summary.skipped).toBe(run.data.summary.total);
  });

  it('answers an unknown rule with a 404 error result carrying the API error envelope', async () => {
    const result = await call(withKey, 'get_rule', { rule_id: 'us/no-such/rule#x' });
    expect(result.isError).toBe(true);
    const error = result.structuredContent.error;
    expect(error.http_status).toBe(404);
    expect(error.api_response).toMatchObject({ status: 'error', error: { code: 'not_found' }, meta: { api_version: '0.1.0' } });
    expect(error.message).toContain('404');
    expect(error.message).toContain('/v1/rules/us%2Fno-such%2Frule%23x');
    expect(error.retry_after).toBeUndefined();
    expect(result.content[0].text).toContain('not_found');
  });

  it('starts without a key; protected tools return the 401 unauthorized error result, public resources still read', async () => {
    for (const name of ['get_capabilities', 'list_programs', 'run_parity_cases']) {
      const result = await call(withoutKey, name);
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error.http_status).toBe(401);
      expect(result.structuredContent.error.api_response.error.code).toBe('unauthorized');
    }
    expect(withoutKey.stderr()).toContain('without an API key');
    const openapi = await withoutKey.client.readResource({ uri: 'tenet://openapi' });
    expect(JSON.parse((openapi.contents[0] as { text: string }).text).openapi).toBe('3.1.0');
  });

  it('retries a real 429 rate_limited once after the retry-after wait, then succeeds', async () => {
    // Use up the window directly until the API says 429 with enough of the window left to be sure the tool meets it too.
    for (;;) {
      const res = await fetch(`${api.url}/v1/programs`, { headers: { authorization: `Bearer ${limited.key}` } });
      await res.arrayBuffer();
      if (res.status === 429 && Number(res.headers.get('retry-after')) >= 2) break;
      if (res.status === 429) await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000 + 50));
    }
    const logStart = api.t.logs.lines.length;
    const result = await call(rateLimited, 'list_programs');
    expectSuccess(result);
    const seen = api.t.logs
      .entries()
      .slice(logStart)
      .filter((e) => e.msg === 'request' && e.route === '/v1/programs')
      .map((e) => e.status);
    expect(seen).toEqual([429, 200]);
  }, 30_000);

  it('exposes four resources, the capabilities one mirroring get_capabilities', async () => {
    const { resources } = await withKey.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['tenet://capabilities', 'tenet://openapi', 'tenet://programs', 'tenet://runtime/packages']);
    const read = await withKey.client.readResource({ uri: 'tenet://capabilities' });
    const fromResource = JSON.parse((read.contents[0] as { text: string }).text);
    const fromTool = expectSuccess(await call(withKey, 'get_capabilities'));
    expect(withoutRequestId(fromResource)).toEqual(withoutRequestId(fromTool));
    const packages = await withKey.client.readResource({ uri: 'tenet://runtime/packages' });
    expect(JSON.parse((packages.contents[0] as { text: string }).text).data.packages.length).toBeGreaterThan(0);
    await expect(withoutKey.client.readResource({ uri: 'tenet://programs' })).rejects.toThrow(/401 unauthorized/);
  });

  it('offers three prompts that name the tools they chain', async () => {
    const { prompts } = await withKey.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['compare_household_across_states', 'explain_snap_calculation', 'find_rule_for_provision']);
    const explained = await withKey.client.getPrompt({ name: 'explain_snap_calculation', arguments: { jurisdiction: 'us-co', household: 'two adults, $1,500 monthly wages' } });
    const text = (explained.messages[0].content as { text: string }).text;
    expect(text).toContain('us-co');
    expect(text).toContain('calculate_household');
    const found = await withKey.client.getPrompt({ name: 'find_rule_for_provision', arguments: { provision: '7 CFR 273.9' } });
    expect((found.messages[0].content as { text: string }).text).toContain('search_rules');
    const compared = await withKey.client.getPrompt({ name: 'compare_household_across_states', arguments: { household: 'one adult', jurisdictions: 'us-ca, us-tx' } });
    expect((compared.messages[0].content as { text: string }).text).toContain('calculate_batch');
  });
});

