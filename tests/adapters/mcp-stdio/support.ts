/**
 * MCP adapter test support: spawns the adapter as a child process (node with the repository's TypeScript
 * loader) and talks to it with the SDK's Client over stdio; starts HTTP servers for it to forward to: the
 * real app on a random port, or a scripted server that records requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listen } from '../../../adapters/http-h3/server.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/http-harness.js';

export const ROOT = resolve('.');
const LOADER = resolve('scripts/ts/register.mjs');
export const ADAPTER_ENTRY = resolve('adapters/mcp-stdio/main.ts');
export const CLI_ENTRY = resolve('adapters/cli/main.ts');

export interface SpawnedAdapter {
  client: Client;
  /** What the adapter wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Starts the adapter (by default adapters/mcp-stdio/main.ts; `args` e.g. [CLI_ENTRY, 'mcp']) and connects a client. */
export async function spawnAdapter(env: Record<string, string>, args: string[] = [ADAPTER_ENTRY]): Promise<SpawnedAdapter> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', LOADER, ...args], env, cwd: ROOT, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'tenet-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export interface RealServer {
  t: TestApp;
  url: string;
  close(): Promise<void>;
}

/** The real app (createTestApp) listening on 127.0.0.1 on a random port. */
export async function realServer(options: TestAppOptions): Promise<RealServer> {
  const t = await createTestApp(options);
  const server = await listen(t.app.http, '127.0.0.1', 0, t.app.logger);
  return {
    t,
    url: server.url,
    close: async () => {
      await server.close();
      await t.close();
    },
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A server that records every request and answers with `respond`; a `respond` that never ends simulates a hang. */
export async function scriptedServer(respond: (req: RecordedRequest, res: ServerResponse) => void): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const META = { request_id: 'req-1', api_version: '0.1.0', environment: 'local' };
