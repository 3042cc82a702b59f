/**
 * The optional screen_household tool, with the SDK client against the real app on a random port: the spec's 14
 * tools without TENET_MCP_SCREEN_TOOL, 15 with it, its input schema the POST /v1/screen body's, and a screen
 * through the tool equal to the route's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../support/http-harness.js';
import { realServer, spawnAdapter, type RealServer, type SpawnedAdapter } from './support.js';

const key = testKey('mcp-screen', ['calculate:run', 'rules:read']);
/** The FY2027 hand-worked Texas household of docs/screening.md (SNAP $455 a month). */
const household = {
  period: '2026-11',
  facts: { shelter_costs: 900, utility_type: 'none', countable_resources: 0 },
  people: { parent: { age: 34, earned_income: 2000 }, child_1: { age: 8 }, child_2: { age: 5 } },
};

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: any };

describe('screen_household (TENET_MCP_SCREEN_TOOL)', () => {
  let api: RealServer;
  let plain: SpawnedAdapter;
  let screening: SpawnedAdapter;

  beforeAll(async () => {
    api = await realServer({ env: { SERVICE_API_KEYS: JSON.stringify([key.entry]) } });
    [plain, screening] = await Promise.all([
      spawnAdapter({ SERVICE_API_BASE_URL: api.url, SERVICE_API_KEY: key.key }),
      spawnAdapter({ SERVICE_API_BASE_URL: api.url, SERVICE_API_KEY: key.key, TENET_MCP_SCREEN_TOOL: '1' }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([plain?.close(), screening?.close()]);
    await api?.close();
  });

  it('lists 14 tools without the setting and 15 with it', async () => {
    const [without, withScreen] = await Promise.all([plain.client.listTools(), screening.client.listTools()]);
    expect(without.tools).toHaveLength(14);
    expect(without.tools.map((t) => t.name)).not.toContain('screen_household');
    expect(withScreen.tools).toHaveLength(15);
    const tool = withScreen.tools.find((t) => t.name === 'screen_household');
    expect(tool?.inputSchema.required?.sort()).toEqual(['household', 'jurisdiction']);
    expect((tool?.inputSchema.properties as any).questions).toMatchObject({ type: 'integer', minimum: 0, maximum: 20 });
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
    expect(screening.stderr()).toContain('screen_household served');
  });

  it('screens a household through the tool as POST /v1/screen does', async () => {
    const args = { jurisdiction: 'us-tx', household, assume_defaults: true, questions: 2, trace: 'none' };
    const result = (await screening.client.callTool({ name: 'screen_household', arguments: args })) as ToolResult;
    expect(result.isError ?? false, result.content[0]?.text).toBe(false);
    const data = result.structuredContent.data;
    // docs/screening.md works this household to $455 a month of SNAP.
    expect(data.programs.find((p: { program_id: string }) => p.program_id === 'snap')).toMatchObject({ status: 'eligible', amount: 455 });
    expect(data.trace).toEqual([]);
    const direct = await fetch(`${api.url}/v1/screen`, { method: 'POST', headers: { 'x-api-key': key.key, 'content-type': 'application/json' }, body: JSON.stringify(args) });
    expect(data).toEqual(((await direct.json()) as { data: unknown }).data);
  });

  it('refuses arguments outside the schema without calling the API, and is unknown without the setting', async () => {
    const bad = (await screening.client.callTool({ name: 'screen_household', arguments: { jurisdiction: 'us-tx', household, questions: 99 } })) as ToolResult;
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toContain('questions');
    const unknown = (await plain.client.callTool({ name: 'screen_household', arguments: { jurisdiction: 'us-tx', household } })) as ToolResult;
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0].text).toContain('tools/list names the 14 tools');
  });
});
