/**
 * HTTP test harness: an in-process app whose every response is checked against the OpenAPI document.
 *
 *   import { createTestApp, testKey } from '../../support/http-harness.js';
 *
 *   const admin = testKey('ops-admin', ['*']);
 *   const t = await createTestApp({ env: { SERVICE_API_KEYS: JSON.stringify([admin.entry]) } });
 *   const res = await t.request('POST', '/v1/search', { json: { query: 'snap' }, headers: { 'x-api-key': admin.key } });
 *   expect(res.status).toBe(200);
 *   expect(res.body.data.results).toHaveLength(3);
 *   await t.close();
 *
 * `request` resolves the operation by method and path template (the same router the app uses), then checks
 * that the status is documented for it, that the body validates (ajv, JSON Schema 2020-12) against the
 * documented schema (envelope included), and that x-request-id (= meta.request_id), cache-control: no-store
 * and every required documented header are present. A mismatch throws ContractViolation, failing the test
 * that produced the response. Unknown routes are checked against components.schemas.ErrorEnvelope.
 * `createTestApp` options: `env` (environment variables, parsed by the real config loader; defaults are the
 * embedded ones), `config` (fields merged over the parsed config) and `overrides` (AppOptions: routes,
 * extraRoutes, skipStart, a logger, stores, runtimes, `false` for a subsystem to leave out). Logs go to `t.logs` (a MemoryLogSink: `t.logs.entries()`), not stderr. For a real server, `checkResponse(app, method, path, status,
 * headers, body)` applies the same checks to a response obtained any other way.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { generateKey, type GeneratedKey } from '../../adapters/cli/commands/keys-generate.js';
import { createApp, type App, type AppOptions } from '../../composition/app.js';
import { loadConfig, type AppConfig } from '../../adapters/config/env.js';
import { JsonLogger, MemoryLogSink } from '../../adapters/logging/json-logger.js';
import { openApiPath } from '../../adapters/http-h3/route.js';
import { Router } from '../../adapters/http-h3/router.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: any;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Serialised as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is (string, bytes or a stream); set content-type yourself. */
  body?: NonNullable<RequestInit['body']>;
  clientAddress?: string;
}

interface Contract {
  ajv: Ajv2020;
  router: Router;
  validators: Map<string, ValidateFunction>;
}

const contracts = new WeakMap<App, Contract>();

function contractFor(app: App): Contract {
  let contract = contracts.get(app);
  if (contract === undefined) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(app.openapi, 'openapi.json');
    contract = { ajv, router: new Router(app.routes), validators: new Map() };
    contracts.set(app, contract);
  }
  return contract;
}

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function validatorFor(contract: Contract, ref: string): ValidateFunction {
  let validate = contract.validators.get(ref);
  if (validate === undefined) {
    const found = contract.ajv.getSchema(ref);
    if (found === undefined) throw new ContractViolation(`no schema at ${ref}`);
    validate = found;
    contract.validators.set(ref, validate);
  }
  return validate;
}

function resolveRef(doc: any, node: any): any {
  if (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    return node.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, part: string) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
}

/** Applies the contract checks to one response; throws ContractViolation on drift. */
export function checkResponse(app: App, method: string, rawPath: string, status: number, headers: Headers, text: string): unknown {
  const contract = contractFor(app);
  const where = `${method} ${rawPath} -> ${status}`;
  const requestId = headers.get('x-request-id');
  if (!requestId) throw new ContractViolation(`${where}: missing x-request-id header`);
  if (headers.get('cache-control') !== 'no-store') throw new ContractViolation(`${where}: cache-control is ${headers.get('cache-control')}, expected no-store`);
  const upper = method.toUpperCase();
  if (upper === 'OPTIONS' || upper === 'HEAD') return text;

  const pathname = new URL(rawPath, 'http://test.invalid').pathname;
  const match = contract.router.match(upper, pathname, false);
  let schemaRef: string;
  let responseSpec: any;
  if (match === null) {
    schemaRef = 'openapi.json#/components/schemas/ErrorEnvelope';
    if (status < 400) throw new ContractViolation(`${where}: success status for a path with no documented operation`);
  } else {
    const template = openApiPath(match.route.path);
    const op = (app.openapi as any).paths?.[template]?.[upper.toLowerCase()];
    if (!op) throw new ContractViolation(`${where}: operation ${upper} ${template} missing from the document`);
    responseSpec = op.responses?.[String(status)];
    if (!responseSpec) throw new ContractViolation(`${where}: status ${status} is not documented for ${upper} ${template} (documented: ${Object.keys(op.responses ?? {}).join(', ')})`);
    const mediaTypes = Object.keys(responseSpec.content ?? {});
    const contentType = (headers.get('content-type') ?? '').split(';')[0].trim();
    if (mediaTypes.length > 0 && !mediaTypes.includes(contentType)) {
      throw new ContractViolation(`${where}: content-type ${contentType || '(none)'} not documented (${mediaTypes.join(', ')})`);
    }
    for (const [name, header] of Object.entries(responseSpec.headers ?? {})) {
      const resolved = resolveRef(app.openapi, header);
      if (resolved?.required && !headers.has(name)) throw new ContractViolation(`${where}: required header ${name} missing`);
    }
    if (mediaTypes.length === 0 || contentType !== 'application/json') return text;
    schemaRef = `openapi.json#/${pointer('paths', template, upper.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  }
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ContractViolation(`${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
  const validate = validatorFor(contract, schemaRef);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    throw new ContractViolation(`${where}: body does not match the OpenAPI document:\n  ${errors.join('\n  ')}\nbody: ${text.slice(0, 500)}`);
  }
  const envelopeMeta = (body as { meta?: { request_id?: string } } | null)?.meta;
  if (envelopeMeta && envelopeMeta.request_id !== requestId) {
    throw new ContractViolation(`${where}: meta.request_id ${envelopeMeta.request_id} differs from x-request-id ${requestId}`);
  }
  return body;
}

export interface TestApp {
  app: App;
  /** Log lines the app wrote (JSON), unless `overrides.logger` replaces the logger. */
  logs: MemoryLogSink;
  config: AppConfig;
  /** Sends a request in-process and validates the response against the OpenAPI document. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** Sends without contract checks (for tests that deliberately break the contract). */
  rawFetch(request: Request, clientAddress?: string): Promise<Response>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  config?: Partial<AppConfig>;
  overrides?: AppOptions;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = { ...loadConfig(options.env ?? {}), ...options.config };
  const logs = new MemoryLogSink();
  const app = await createApp(config, { logger: new JsonLogger(logs, { service: 'tenet' }), ...options.overrides });
  return {
    app,
    logs,
    config,
    rawFetch: (request, clientAddress) => app.fetch(request, { clientAddress }),
    async request(method, path, opts = {}) {
      const headers = new Headers(opts.headers);
      let body: RequestInit['body'] = opts.body;
      if (opts.json !== undefined) {
        body = JSON.stringify(opts.json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
      if (body instanceof ReadableStream) init.duplex = 'half';
      const response = await app.fetch(new Request(new URL(path, 'http://test.invalid'), init), { clientAddress: opts.clientAddress });
      const text = await response.text();
      const parsed = checkResponse(app, method, path, response.status, response.headers, text);
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    close: () => app.close(),
  };
}

/** A fresh raw key and its SERVICE_API_KEYS entry. */
export function testKey(id: string, scopes: string[], extra: { owner?: string; expiresAt?: string } = {}): GeneratedKey {
  return generateKey({ id, scopes, ...extra });
}
