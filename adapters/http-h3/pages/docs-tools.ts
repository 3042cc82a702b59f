/**
 * The /docs sections on the operator CLI and on embedding. The page cannot import the CLI or the embedding
 * entry point (both build the app that serves this page), so the lists are written here and a test compares
 * them with the real command tree and the RuleService interface (tests/adapters/http-h3/pages/docs-page.test.ts).
 */
import { html, Html } from './html.js';

/** Every leaf command of `tenet`, with what it does (docs/cli.md). */
export const CLI_COMMANDS: ReadonlyArray<readonly [command: string, flags: string, purpose: string]> = [
  ['serve', '', 'serve the HTTP API (configured by environment variables)'],
  ['mcp', '', 'the MCP tool adapter over stdio'],
  ['keys generate', '--id --scopes', 'a new raw key and its SERVICE_API_KEYS entry, offline'],
  ['calculate', '--program --household --output --trace --rules --json', 'calculate a household locally, with as much trace as asked for'],
  ['sweep', '--to --from --input --person --household --output --json --chart', 'describe outputs exactly as one input varies, offline: breakpoints with their rules, a text chart on a terminal'],
  ['screen', '--household --programs --questions --assume-defaults --rules --json', 'screen a household for every program of a jurisdiction, offline: status, amount, deciding rule, totals, next questions'],
  ['corpus test', '--filter --report', 'run the companion tests of RuleSpec repositories, with progress on a terminal'],
  ['admin keys issue', '--id --scopes', 'issue a key at runtime (the raw key is printed once)'],
  ['admin keys list', '', 'list key metadata, never key values'],
  ['admin keys revoke', '--yes', 'revoke a key; refuses the key in use unless --yes'],
  ['admin kill status', '', 'kill-switch state'],
  ['admin kill set', '--engage|--release --reason', 'engage or release a switch'],
  ['admin audit', '', 'the audit trail, newest first'],
  ['admin usage', '--month YYYY-MM', 'per-key request counts for a month'],
  ['admin analytics', '--scope local|global', 'request analytics of one instance or of all'],
  ['admin validation runs list', '', 'validation run summaries'],
  ['admin validation runs show', '', 'one run: its summary, rows and cases'],
  ['admin validation runs publish', '<file>|-', 'publish a run from a JSON file or stdin'],
  ['admin validation migration', '', 'the partner migration ledger'],
  ['admin parity cases', '', 'the parity cases'],
  ['admin parity run', '', 'run the parity cases; exit 1 when one differs or errors'],
];

/** Every member of the object createRuleService() resolves to, with the API route it answers like (docs/embedding.md). */
export const EMBEDDING_METHODS = [
  ['apiVersion', 'GET /v1/version (the release number)'],
  ['listPrograms()', 'GET /v1/programs'],
  ['search(request)', 'POST /v1/search'],
  ['getRule(ruleId)', 'GET /v1/rules/{rule_id}'],
  ['getRuleSources(ruleId)', 'GET /v1/rules/{rule_id}/sources'],
  ['getRuleDependencies(ruleId)', 'GET /v1/rules/{rule_id}/dependencies'],
  ['listPackages()', 'GET /v1/runtime/packages'],
  ['getPackage(jurisdiction, programId)', 'GET /v1/runtime/packages/{jurisdiction}/{program_id}'],
  ['calculate(request)', 'POST /v1/calculate (returns a promise)'],
  ['calculateBatch(requests)', 'POST /v1/calculate/batch (returns a promise)'],
  ['sweep(request)', 'POST /v1/calculate/sweep (returns a promise)'],
  ['screen(request)', 'POST /v1/screen (returns a promise)'],
  ['screenSweep(request)', 'POST /v1/screen/sweep (returns a promise)'],
  ['close()', 'stops the service; afterwards every method throws'],
] as const satisfies ReadonlyArray<readonly [member: string, route: string]>;

const EXIT_CODES: ReadonlyArray<readonly [number, string]> = [
  [0, 'done (also --help and --version)'],
  [1, 'the work failed: the server refused the request (its code, message and request id are printed), could not be reached or timed out, a parity case differed, or a corpus test failed'],
  [2, 'the command line is wrong, found before anything is sent: unknown command or option, missing argument, bad flag value, missing --url/--key, unreadable input file, a refused confirmation, or an unusable configuration'],
];

const EMBEDDING_EXAMPLE = `import { createRuleService, ServiceError } from 'tenet';

const service = await createRuleService(); // the bundled rules; { rulesPaths, env, logger } optional
const result = await service.calculate({
  program_id: 'snap', jurisdiction: 'us-co',
  household: { period: '2026-01', people: { parent: { age: 34, earned_income: 2000 } } },
});
console.log(result.outputs.snap_allotment, result.assumptions, result.warnings);
try {
  await service.calculate({ program_id: 'snap', jurisdiction: 'us-zz', household: {} });
} catch (error) {
  if (error instanceof ServiceError) console.log(error.status, error.code, error.message);
}
await service.close();`;

export function cliSection(): Html {
  return html`<p><code>tenet</code> is the package's command line (<code>node dist/adapters/cli/main.js</code> after <code>npm run build</code>). <code>tenet admin</code> commands operate a running server through its admin API: give it <code>--url</code> (or <code>TENET_URL</code>; <code>127.0.0.1:8080</code> without a scheme is taken as <code>http://</code>) and an admin key with <code>--key</code> (better <code>TENET_ADMIN_KEY</code>: arguments show in process listings). A failure names its cause: the refused request's code and request id, or the connection error (<code>ECONNREFUSED 127.0.0.1:8080</code>).</p>
<p>Every command that prints a result takes <code>--json</code>: stdout is then exactly one JSON document (for admin commands the API's <code>data</code>), and notes, progress and errors go to stderr. Without it the result is a readable table. <code>--help</code> on any command shows its own options.</p>
<div class="table-scroll reflow"><table id="cli-commands"><thead><tr><th>Command</th><th>Main flags</th><th>What it does</th></tr></thead><tbody>
${CLI_COMMANDS.map(([command, flags, purpose]) => html`<tr><td><code>tenet ${command}</code></td><td>${flags ? html`<code class="flags">${flags}</code>` : ''}</td><td>${purpose}</td></tr>`)}
</tbody></table></div>
<div class="table-scroll"><table id="cli-exit-codes"><thead><tr><th class="num">Exit</th><th>Meaning</th></tr></thead><tbody>
${EXIT_CODES.map(([status, meaning]) => html`<tr><td class="num">${status}</td><td>${meaning}</td></tr>`)}
</tbody></table></div>
<p>Locked out after revoking every admin key? Generate a key offline with <code>tenet keys generate --id &lt;new id&gt; --scopes admin:keys</code>, add its entry to <code>SERVICE_API_KEYS</code> and restart: an environment key under an id never revoked always works.</p>`;
}

export function embeddingSection(): Html {
  return html`<p>The engine also runs inside your own Node program (20.19 or later, ES modules), with no HTTP server: <code>createRuleService()</code> loads and compiles the rules and answers with the same <code>data</code> the API's routes return. Requests are checked with the same schemas, so a refused request throws a <code>ServiceError</code> with the API's <code>code</code>, <code>message</code>, <code>status</code> and <code>data</code>; bad settings reject with a <code>ConfigError</code> naming every bad variable. Keys, scopes, rate limits and jobs belong to the HTTP service and do not apply.</p>
<pre><code>${EMBEDDING_EXAMPLE}</code></pre>
<div class="table-scroll reflow"><table id="embedding-methods"><thead><tr><th>Member</th><th>Answers like</th></tr></thead><tbody>
${EMBEDDING_METHODS.map(([method, route]) => html`<tr><td><code>${method}</code></td><td>${route}</td></tr>`)}
</tbody></table></div>
<p>The package also exports <code>ERROR_CODES</code> (the table of error codes above), <code>API_VERSION</code> and <code>ConfigError</code>.</p>`;
}
