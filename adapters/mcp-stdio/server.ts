/**
 * The stateless stdio MCP server: 14 tools (15 with TENET_MCP_SCREEN_TOOL=1), 4 resources and 3 prompts, each
 * forwarding to the HTTP API.
 * It keeps no rules and no state; the only secret is the configured key, sent as a bearer token.
 * Nothing but the protocol may be written to stdout.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../../core/domain/config.js';
import { ApiClient } from './api-client.js';
import { mcpConfigFromEnv, type McpAdapterConfig } from './config.js';
import { PROMPTS } from './prompts.js';
import { RESOURCES } from './resources.js';
import { refusedResult, toToolResult } from './results.js';
import { checkToolArguments, toolInputJsonSchema } from './tool-arguments.js';
import { servedTools } from './screen-tool.js';
import type { ToolDefinition } from './tools.js';

export function createMcpServer(config: McpAdapterConfig, fetchImpl: typeof fetch = fetch): McpServer {
  const client = new ApiClient(config, fetchImpl);
  const server = new McpServer(
    { name: 'tenet', title: 'Tenet rule service', version: API_VERSION },
    {
      instructions:
        'Tenet searches, reads and calculates with rules encoded as code (SNAP per state). Start with get_capabilities; read a package with get_runtime_package before calculating. Calculation is experimental: non-empty warnings mean the result is not an authoritative determination.',
    },
  );

  const forward = async (tool: ToolDefinition, args: Record<string, unknown>) => {
    const request = tool.request(args);
    return toToolResult(request, await client.call(request));
  };
  // Tools are served by the adapter's own handlers, not registerTool (which takes zod schemas): tools/list gives each
  // tool's valibot schema as JSON Schema, and tools/call checks the arguments against the same schema, refusing
  // with the structured error every refused call carries (the SDK's check answers with bare error text).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  const tools = servedTools(config.screenTool);
  const listed = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolInputJsonSchema(tool),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.readOnly, openWorldHint: false },
  }));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) return refusedResult(`Unknown tool ${JSON.stringify(request.params.name)}; tools/list names the ${tools.length} tools.`);
    const checked = checkToolArguments(tool, request.params.arguments);
    return checked.ok ? forward(tool, checked.args) : refusedResult(checked.message);
  });

  for (const resource of RESOURCES) {
    server.registerResource(resource.name, resource.uri, { title: resource.title, description: resource.description, mimeType: 'application/json' }, async (uri) => {
      const request = { method: 'GET' as const, path: resource.path };
      const result = toToolResult(request, await client.call(request));
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      // Resources have no error result: a failed read is a protocol error carrying the same message.
      if (result.isError) throw new Error(text.split('\n')[0]);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    });
  }

  for (const prompt of PROMPTS) {
    server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.args }, (args) => ({
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args as Record<string, string | undefined>) } }],
    }));
  }
  return server;
}

/** `tenet mcp`: reads the configuration (throws McpConfigError on a bad value) and serves over stdio until stdin closes. */
export async function runStdioServer(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = mcpConfigFromEnv(env);
  const server = createMcpServer(config);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  const where = config.apiKey === null ? 'without an API key (protected tools will answer 401)' : 'with an API key';
  const screen = config.screenTool ? '; screen_household served' : '';
  process.stderr.write(`tenet mcp: forwarding to ${config.baseUrl} ${where}; timeout ${config.timeoutMs} ms${screen}\n`);
  await new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.close();
}
