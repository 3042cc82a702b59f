/**
 * GET /docs: developer documentation. The endpoint table is generated from the served OpenAPI document, so
 * it lists exactly what this deployment implements; curl examples use a real sample request when a runtime
 * package is loaded, and a small script swaps the placeholder base address for the page's own origin.
 * The other sections come from their single sources too (docs/pages.md): the answer's fields from the document
 * (docs-answer.ts), the error codes from core/domain/errors.ts (docs-errors.ts), the scopes from KNOWN_SCOPES;
 * the CLI and embedding lists (docs-tools.ts) are kept equal to the code by tests.
 */
import type { PackageInput } from '../../../core/domain/household/shape.js';
import { KNOWN_SCOPES, WILDCARD_SCOPE, type KnownScope } from '../../../core/domain/keys/scopes.js';
import type { RuntimePackageDetail } from '../../../core/ports/runtime.js';
import { answerSection } from './docs-answer.js';
import { errorsSection, type RequestLimits } from './docs-errors.js';
import { SCREEN_SCRIPT, screenSection, type ScreenExample } from './docs-screen.js';
import { CURVE_SCRIPT } from './docs-screen-curve.js';
import { SWEEP_SCRIPT, sweepExampleFor, sweepSection } from './docs-sweep.js';
import { TRIAL_SCRIPT } from './docs-trial.js';
import { cliSection, embeddingSection } from './docs-tools.js';
import { html, Html, page } from './html.js';

type Json = Record<string, any>;

export interface DocsPageInput {
  openapi: Json;
  apiVersion: string;
  environment: string;
  /** A calculation request known to work on this deployment (first executable package), if any. */
  sampleRequest: Record<string, unknown> | null;
  /** That package's detail, for the table of its inputs and outputs (null without a runtime). */
  samplePackage?: RuntimePackageDetail | null;
  /** This deployment's body limits and client-address setting, shown with the errors they cause. */
  limits?: RequestLimits;
  /** The benefits screener's form (null or absent where this deployment cannot screen). */
  screen?: ScreenExample | null;
  nonce: string;
}

export interface EndpointRow {
  method: string;
  path: string;
  scope: string | null;
  summary: string;
  tag: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, in document order. */
export function endpointRows(openapi: Json): EndpointRow[] {
  const rows: EndpointRow[] = [];
  for (const [path, item] of Object.entries((openapi.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      rows.push({
        method: method.toUpperCase(),
        path,
        scope: typeof op['x-required-scope'] === 'string' ? op['x-required-scope'] : null,
        summary: typeof op.summary === 'string' ? op.summary : '',
        tag: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other',
      });
    }
  }
  return rows;
}

/** What each scope grants; typed by the one scope list, so a scope added there without a line here fails the typecheck. */
const SCOPE_GRANTS: Record<KnownScope, string> = {
  'rules:read': 'capabilities, programs, runtime packages (list, detail, graph), search, rule detail',
  'sources:read': 'rule source references',
  'graphs:read': 'rule dependency edges',
  'calculate:run': 'calculate, batch, jobs',
  'admin:parity': 'parity cases and runs',
  'admin:analytics': 'usage analytics, monthly usage, validation run publication',
  'admin:keys': 'key listing, issuance and runtime revocation',
  'compat:external': 'the migration-only household compatibility endpoint',
};

const FALLBACK_SAMPLE = {
  program_id: 'snap',
  jurisdiction: 'us-co',
  household: { period: '2026-01', people: { parent: { age: 34, earned_income: 1500 }, child: { age: 6 } }, facts: { shelter_costs: 900 } },
};

const BASE = '{base_url}';

/**
 * A table in its own horizontal scroller, so a wide table never widens the page; `reflow` tables become one
 * labelled block per row on a phone (docs/pages.md).
 */
function scroller(table: Html, reflow = false): Html {
  return html`<div class="table-scroll${reflow ? ' reflow' : ''}">${table}</div>`;
}

function endpointTable(rows: EndpointRow[]): Html {
  return html`<table id="endpoints">
<thead><tr><th>Method</th><th>Path</th><th>Key scope</th><th>Purpose</th></tr></thead>
<tbody>${rows.map(
    (r) =>
      html`<tr><td><span class="method ${r.method.toLowerCase()}">${r.method}</span></td><td><code>${r.path}</code></td><td><span class="scope${r.scope === null ? ' public' : ''}">${r.scope ?? 'public'}</span></td><td>${r.summary}</td></tr>`,
  )}</tbody>
</table>`;
}

/** The caller-facing name of an input: its published alias when it has one, else its canonical name. */
function aliasOf(detail: RuntimePackageDetail): (canonical: string) => string | undefined {
  const first = new Map<string, string>();
  for (const [alias, canonical] of Object.entries(detail.household_aliases)) if (!first.has(canonical)) first.set(canonical, alias);
  return (canonical) => first.get(canonical);
}

function accepts(input: PackageInput): Html {
  if (input.values) return html`one of ${input.values.map((v, i) => html`${i > 0 ? ', ' : ''}<code>${v}</code>`)}${input.default !== undefined ? html`; default <code>${JSON.stringify(input.default)}</code>` : ''}`;
  return input.default !== undefined ? html`default <code>${JSON.stringify(input.default)}</code>` : html`<span class="muted">optional</span>`;
}

const dash = (value: string | undefined): Html | string => value ?? html`<span class="muted">—</span>`;

function packageSection(detail: RuntimePackageDetail | null | undefined): Html {
  if (!detail) return html`<p class="muted">No runtime package is loaded on this deployment, so there is no package to show.</p>`;
  const alias = aliasOf(detail);
  const inputs = detail.entities.flatMap((e) => e.inputs.map((input) => ({ entity: e.entity, input })));
  const outputs = detail.outputs.filter((o) => !o.alias_for);
  return html`<p>Each input and output of <code>GET /v1/runtime/packages/{jurisdiction}/{program_id}</code> carries a <code>description</code>, its <code>period</code> (<code>month</code>, <code>year</code> or <code>none</code>) and its <code>unit</code> (for example <code>USD per month</code>, <code>count</code>, <code>boolean</code>); an enumerated text input lists its accepted <code>values</code>. Packages from other RuleSpec sources show what their rules state and leave the rest out. This deployment's sample package, <code>${detail.jurisdiction}/${detail.program_id}</code>:</p>
<h3>Inputs</h3>
${scroller(html`<table id="package-inputs"><thead><tr><th>Input</th><th>Entity</th><th>Type</th><th>Unit</th><th>Period</th><th>Accepts</th><th>Description</th></tr></thead><tbody>
${inputs.map(({ entity, input }) => {
  const name = alias(input.name);
  return html`<tr><td><code>${name ?? input.name}</code>${name ? html`<div class="muted small id">${input.name}</div>` : ''}</td><td data-label="Entity">${entity}</td><td data-label="Type">${input.dtype}</td><td data-label="Unit">${dash(input.unit)}</td><td data-label="Period">${dash(input.period)}</td><td data-label="Accepts">${accepts(input)}</td><td>${dash(input.description)}</td></tr>`;
})}
</tbody></table>`, true)}
<h3>Outputs</h3>
${scroller(html`<table id="package-outputs"><thead><tr><th>Output</th><th>Unit</th><th>Period</th><th>Description</th></tr></thead><tbody>
${outputs.map((o) => html`<tr><td><code>${o.name}</code></td><td data-label="Unit">${dash(o.unit)}</td><td data-label="Period">${dash(o.period)}</td><td>${dash(o.description)}</td></tr>`)}
</tbody></table>`, true)}`;
}

function curl(lines: string[]): Html {
  return html`<pre><code class="curl">${lines.join(' \\\n  ')}</code></pre>`;
}

const SCRIPT = `
(function () {
  var origin = window.location.origin;
  document.querySelectorAll('code, .base-url').forEach(function (el) {
    if (el.textContent.indexOf('${BASE}') !== -1) el.textContent = el.textContent.split('${BASE}').join(origin);
  });
})();
`;

/** Names a household of the sample package may use: its aliases and its household-level inputs. */
function sweepInputs(detail: RuntimePackageDetail | null | undefined): string[] {
  if (!detail) return [];
  return [...Object.keys(detail.household_aliases), ...detail.entities.flatMap((e) => e.inputs.map((i) => i.name))];
}

export function renderDocsPage(input: DocsPageInput): string {
  const rows = endpointRows(input.openapi);
  const sample = input.sampleRequest ?? FALLBACK_SAMPLE;
  const sampleJson = JSON.stringify(sample);
  const mcpConfig = JSON.stringify(
    { mcpServers: { tenet: { command: 'node', args: ['/opt/tenet/dist/adapters/cli/main.js', 'mcp'], env: { SERVICE_API_BASE_URL: BASE, SERVICE_API_KEY: 'tnt_...' } } } },
    null,
    2,
  );
  const body = html`
<h1>Tenet developer documentation</h1>
<p class="lede">Tenet is a rule service for law encoded as code. It searches, reads, explains and executes rule specifications (RuleSpec v1): machine-readable encodings of statutes, regulations and agency policy, each with provenance back to its legal source.</p>
<div class="cards">
  <div class="card"><div class="label">API version</div><div class="value" id="api-version">${input.apiVersion}</div></div>
  <div class="card"><div class="label">Environment</div><div class="value">${input.environment}</div></div>
  <div class="card"><div class="label">Endpoints</div><div class="value" id="endpoint-count">${rows.length}</div></div>
  <div class="card"><div class="label">Base address</div><div class="value small"><span class="base-url" id="base-url">${BASE}</span></div></div>
</div>
<ul class="toc">
  <li><a href="#what">What the service does</a></li>
  <li><a href="#auth">Authentication and scopes</a></li>
  <li><a href="#start">Quick start with curl</a></li>
  <li><a href="#answer">Reading a calculation answer</a></li>
  <li><a href="#errors">Envelopes and errors</a></li>
  <li><a href="#package">Package inputs and outputs</a></li>
  <li><a href="#sweep">Benefit curve</a></li>
  <li><a href="#screener">Benefits screener</a></li>
  <li><a href="#endpoints-section">Endpoints</a></li>
  <li><a href="#mcp">Tool adapter (MCP) setup</a></li>
  <li><a href="#cli">Command line (tenet)</a></li>
  <li><a href="#embedding">Embedding in a Node program</a></li>
</ul>

<h2 id="what">What the service does</h2>
<ul>
  <li><strong>Read surface</strong>: list programs, search rules, read one rule with its legal sources and its dependency edges.</li>
  <li><strong>Calculation</strong>: list executable runtime packages (SNAP for each State), read a package's inputs and outputs, and calculate outputs for a household with an attribution trace naming each rule and source. Single requests, synchronous batches of up to 25, or asynchronous jobs of up to 50.</li>
  <li><strong>Parity</strong>: households with expected outputs, run against the engine.</li>
  <li><strong>Operations</strong>: health, readiness, version, this page, the <a href="/v1/openapi.json">OpenAPI 3.1 document</a> and the <a href="/docs/validation">validation dashboard</a>.</li>
  <li><strong>Beyond HTTP</strong>: the <a href="#mcp">MCP tool adapter</a> for AI agents, the <a href="#cli"><code>tenet</code> command line</a> for operators, and <a href="#embedding">embedding</a> the engine in a Node program.</li>
</ul>
<p class="note">Calculation is experimental: a non-empty <code>warnings</code> array means a result is not an authoritative determination of eligibility or benefit amount.</p>

<h2 id="auth">Authentication and scopes</h2>
<p>Every <code>/v1</code> endpoint except <code>/v1/health</code>, <code>/v1/ready</code>, <code>/v1/version</code>, <code>/v1/openapi.json</code> and <code>/v1/keys/trial</code> needs an API key, sent as <code>x-api-key: &lt;key&gt;</code> or <code>Authorization: Bearer &lt;key&gt;</code> (<code>x-api-key</code> wins when both are present). A missing, unknown, expired or revoked key gets 401 <code>unauthorized</code>; a key without the endpoint's scope gets 403 <code>insufficient_scope</code>. Keys are rate limited per fixed window (default 120 requests per 60 seconds); every authenticated response carries <code>x-ratelimit-limit</code>, <code>x-ratelimit-remaining</code> and <code>x-ratelimit-reset</code>.</p>
<p>A self-service trial key (14 days, 30 requests per minute, scopes <code>rules:read</code>, <code>sources:read</code>, <code>graphs:read</code>, <code>calculate:run</code>) is issued by <code>POST /v1/keys/trial</code>; it is shown exactly once. Administrators issue other keys. A misspelt scope is refused wherever a key is made, naming the closest valid one (<code>unknown scope "rules:raed" (did you mean "rules:read"?)</code>): 400 from <code>POST /v1/admin/keys</code>, exit status 2 from <code>tenet keys generate</code>, and a server whose <code>SERVICE_API_KEYS</code> holds one does not start.</p>
${scroller(html`<table id="scopes"><thead><tr><th>Scope</th><th>Grants</th></tr></thead><tbody>
${KNOWN_SCOPES.map((scope) => html`<tr><td><code>${scope}</code></td><td>${SCOPE_GRANTS[scope]}</td></tr>`)}
<tr><td><code>${WILDCARD_SCOPE}</code></td><td>every scope</td></tr>
</tbody></table>`)}

<h2 id="start">Quick start with curl</h2>
<h3>1. Get a trial key</h3>
${curl([`curl -s -X POST ${BASE}/v1/keys/trial`, "-H 'content-type: application/json'", `-d '{"label":"my first integration"}'`])}
<p>Keep <code>data.key</code>; below it is <code>$KEY</code>.</p>
<h3>2. See what this deployment serves</h3>
${curl([`curl -s ${BASE}/v1/capabilities`, "-H \"x-api-key: $KEY\""])}
<h3>3. Search the rules and read one</h3>
${curl([`curl -s -X POST ${BASE}/v1/search`, "-H \"x-api-key: $KEY\"", "-H 'content-type: application/json'", `-d '{"query":"standard deduction","program_id":"snap","limit":5}'`])}
${curl([`curl -s ${BASE}/v1/rules/<rule_id or citation path>/sources`, "-H \"x-api-key: $KEY\""])}
<p>Citation paths contain slashes and may be sent as they are; send <code>#</code> as <code>%23</code>.</p>
<h3>4. Calculate for a household</h3>
${curl([`curl -s -X POST ${BASE}/v1/calculate`, "-H \"x-api-key: $KEY\"", "-H 'content-type: application/json'", `-d '${sampleJson.replace(/'/g, "'\\''")}'`])}
<p>Read a package's input names first with <code>GET /v1/runtime/packages/{jurisdiction}/{program_id}</code>; omitted inputs take the package defaults, and the answer's <code>assumptions</code> names those that could change it (<a href="#answer">reading the answer</a>).</p>

<h2 id="answer">Reading a calculation answer</h2>
${answerSection(input.openapi)}

<h2 id="errors">Envelopes and errors</h2>
${errorsSection(input.limits)}

<h2 id="package">Package inputs and outputs</h2>
${packageSection(input.samplePackage)}

<h2 id="sweep">Benefit curve: what happens as earnings change</h2>
${sweepSection(sweepExampleFor(input.openapi, input.sampleRequest, sweepInputs(input.samplePackage)))}

<h2 id="screener">Benefits screener: every program for one family</h2>
${screenSection(input.screen ?? null)}

<h2 id="endpoints-section">Endpoints</h2>
<p class="muted">Generated from <a href="/v1/openapi.json">/v1/openapi.json</a>; the document has every request and response schema.</p>
${scroller(endpointTable(rows), true)}

<h2 id="mcp">Tool adapter (MCP) setup</h2>
<p><code>tenet mcp</code> is a stateless stdio process speaking the Model Context Protocol. It exposes 14 tools (each forwarding to one endpoint above), 4 resources and 3 prompts, and holds no rules or secrets beyond the key you configure. Add it to an MCP client:</p>
<pre><code>${mcpConfig}</code></pre>
<div class="table-scroll"><table><thead><tr><th>Variable</th><th>Default</th><th>Meaning</th></tr></thead><tbody>
<tr><td><code>SERVICE_API_BASE_URL</code></td><td>the production address</td><td>API origin; trailing slashes are stripped</td></tr>
<tr><td><code>SERVICE_API_KEY</code></td><td>none</td><td>sent as <code>Authorization: Bearer</code>; without it protected tools return 401 results</td></tr>
<tr><td><code>SERVICE_API_TIMEOUT_MS</code></td><td>30000</td><td>per-request timeout; must be a positive number</td></tr>
</tbody></table></div>
<p>Tool results carry the API envelope unchanged (as text and as <code>structuredContent</code>). A rejected call returns <code>isError: true</code> with <code>structuredContent.error</code> = <code>{message, http_status, api_response, retry_after?}</code>, <code>api_response</code> being the API's error envelope; a call the adapter refuses itself (arguments outside the tool's schema) has the same shape with <code>http_status: 400</code> and <code>api_response: null</code>, nothing having been sent. A <code>rate_limited</code> 429 with <code>retry-after</code> of at most 10 seconds is retried once.</p>

<h2 id="cli">Command line (tenet)</h2>
${cliSection()}

<h2 id="embedding">Embedding in a Node program</h2>
${embeddingSection()}
`;
  return page({ title: 'Tenet developer documentation', nonce: input.nonce, current: '/docs', body, script: SCRIPT + TRIAL_SCRIPT + SWEEP_SCRIPT + CURVE_SCRIPT + SCREEN_SCRIPT });
}
