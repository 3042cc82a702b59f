/** Adapter configuration: defaults, normalisation, refusal of unusable values, and the `tenet mcp` entry. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, mcpConfigFromEnv, PRODUCTION_BASE_URL } from '../../../adapters/mcp-stdio/config.js';
import { ADAPTER_ENTRY, CLI_ENTRY, ROOT, spawnAdapter } from './support.js';

describe('mcpConfigFromEnv', () => {
  it('defaults to the production address, no key and 30000 ms', () => {
    expect(mcpConfigFromEnv({})).toEqual({ baseUrl: PRODUCTION_BASE_URL, apiKey: null, timeoutMs: DEFAULT_TIMEOUT_MS, screenTool: false });
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it('strips trailing slashes and keeps a path prefix', () => {
    expect(mcpConfigFromEnv({ SERVICE_API_BASE_URL: 'https://api.example.org///' }).baseUrl).toBe('https://api.example.org');
    expect(mcpConfigFromEnv({ SERVICE_API_BASE_URL: 'http://127.0.0.1:8080/tenet/' }).baseUrl).toBe('http://127.0.0.1:8080/tenet');
  });

  it('takes the key and a positive timeout, fractional included', () => {
    expect(mcpConfigFromEnv({ SERVICE_API_KEY: ' tnt_abc ', SERVICE_API_TIMEOUT_MS: '2500' })).toMatchObject({ apiKey: 'tnt_abc', timeoutMs: 2500 });
    expect(mcpConfigFromEnv({ SERVICE_API_TIMEOUT_MS: '0.5' }).timeoutMs).toBe(0.5);
  });

  it.each(['0', '-1', 'abc', 'Infinity', 'NaN'])('refuses SERVICE_API_TIMEOUT_MS=%s with a message naming it', (raw) => {
    expect(() => mcpConfigFromEnv({ SERVICE_API_TIMEOUT_MS: raw })).toThrow(/SERVICE_API_TIMEOUT_MS must be a positive number/);
  });

  it('serves screen_household only for TENET_MCP_SCREEN_TOOL=1, and refuses other values', () => {
    expect(mcpConfigFromEnv({ TENET_MCP_SCREEN_TOOL: '1' }).screenTool).toBe(true);
    expect(mcpConfigFromEnv({ TENET_MCP_SCREEN_TOOL: '0' }).screenTool).toBe(false);
    expect(mcpConfigFromEnv({ TENET_MCP_SCREEN_TOOL: '' }).screenTool).toBe(false);
    expect(() => mcpConfigFromEnv({ TENET_MCP_SCREEN_TOOL: 'yes' })).toThrow('TENET_MCP_SCREEN_TOOL must be 1 (serve screen_household) or 0 (got "yes")');
  });

  it.each(['not a url', 'ftp://x.example', 'https://x.example/?q=1'])('refuses SERVICE_API_BASE_URL=%s', (raw) => {
    expect(() => mcpConfigFromEnv({ SERVICE_API_BASE_URL: raw })).toThrow(/SERVICE_API_BASE_URL/);
  });
});

describe('adapter process start-up', () => {
  it('exits 2 with a clear message on an unusable timeout, writing nothing to stdout', () => {
    const child = spawnSync(process.execPath, ['--import', './scripts/ts/register.mjs', ADAPTER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, SERVICE_API_TIMEOUT_MS: 'soon' },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status).toBe(2);
    expect(child.stderr).toContain('SERVICE_API_TIMEOUT_MS must be a positive number of milliseconds (got "soon")');
    expect(child.stdout).toBe('');
  });

  it('serves the same 14 tools through `tenet mcp`', async () => {
    const adapter = await spawnAdapter({ SERVICE_API_BASE_URL: 'http://127.0.0.1:1' }, [CLI_ENTRY, 'mcp']);
    try {
      const { tools } = await adapter.client.listTools();
      expect(tools).toHaveLength(14);
      expect(adapter.stderr()).toContain('forwarding to http://127.0.0.1:1');
    } finally {
      await adapter.close();
    }
  }, 90_000);
});
