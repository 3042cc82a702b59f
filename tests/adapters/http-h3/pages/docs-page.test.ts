import type { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { buildProgram } from '../../../../adapters/cli/main.js';
import type { RuleService } from '../../../../adapters/embedding/rule-service.js';
import { answerFields } from '../../../../adapters/http-h3/pages/docs-answer.js';
import { HTTP_STATUS } from '../../../../adapters/http-h3/error-http.js';
import { errorRows } from '../../../../adapters/http-h3/pages/docs-errors.js';
import { endpointRows, renderDocsPage } from '../../../../adapters/http-h3/pages/docs-page.js';
import { CLI_COMMANDS, EMBEDDING_METHODS } from '../../../../adapters/http-h3/pages/docs-tools.js';
import { escapeHtml, html } from '../../../../adapters/http-h3/pages/html.js';
import { ERROR_CODES } from '../../../../core/domain/errors.js';
import { grantableScopes } from '../../../../core/domain/keys/scopes.js';
import { createTestApp } from '../../../support/http-harness.js';

describe('page rendering', () => {
  it('escapes interpolated text, including attribute quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p title="${'"><script>'}">${['<b>', 1]}</p>`.value).toBe('<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;1</p>');
  });

  it('builds the endpoint rows from the document, public when no scope is required', () => {
    const doc = {
      paths: {
        '/v1/a': { get: { summary: 'A', 'x-required-scope': 'rules:read', tags: ['rules'] }, post: { summary: 'B' } },
        '/docs': { get: { summary: 'Docs' } },
      },
    };
    expect(endpointRows(doc)).toEqual([
      { method: 'GET', path: '/v1/a', scope: 'rules:read', summary: 'A', tag: 'rules' },
      { method: 'POST', path: '/v1/a', scope: null, summary: 'B', tag: 'other' },
      { method: 'GET', path: '/docs', scope: null, summary: 'Docs', tag: 'other' },
    ]);
  });

  it('never lets document text or the sample request become markup', () => {
    const out = renderDocsPage({
      openapi: { paths: { '/v1/x': { get: { summary: '<img src=x onerror=alert(1)>' } } } },
      apiVersion: '0.1.0',
      environment: 'local',
      sampleRequest: { program_id: 'snap', jurisdiction: "us-'co'", household: { note: '</script><script>alert(1)</script>' } },
      nonce: 'abc',
    });
    expect(out).not.toContain('<img src=x');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toContain('</script><script>alert(1)');
    // The shell quoting of the -d argument survives a quote in the sample.
    expect(out).toContain(`us-&#39;\\&#39;&#39;co&#39;\\&#39;&#39;`);
  });

  it('shows package docs from the rules as text, and a dash where the source states nothing', () => {
    const samplePackage = {
      program_id: 'demo',
      jurisdiction: 'us-xx',
      runtime_id: 'r',
      mode: 'compiled' as const,
      status: 'ready' as const,
      default_outputs: ['credit'],
      default_period: '2026-01',
      outputs: [{ name: 'credit', description: '<b>credit</b>', unit: 'USD', period: 'year' }, { name: 'bare' }],
      entities: [{ entity: 'Household', id_template: 'household', inputs: [{ name: 'us:x#input.kind', dtype: 'Text', default: 'a', values: ['a', '<b>'], description: 'Kind', period: 'none', unit: 'text' }] }],
      output_aliases: {},
      household_aliases: { kind: 'us:x#input.kind' },
      sample_request: { program_id: 'demo', jurisdiction: 'us-xx', household: {} },
    };
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, samplePackage, nonce: 'n' });
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;b&gt;credit&lt;/b&gt;');
    // The alias is the name shown; the canonical id under it.
    expect(out).toMatch(/<code>kind<\/code><div class="muted small id">us:x#input.kind<\/div>/);
    expect(out).toContain('one of <code>a</code>, <code>&lt;b&gt;</code>; default <code>&quot;a&quot;</code>');
    const bare = out.slice(out.indexOf('<code>bare</code>'), out.indexOf('</tr>', out.indexOf('<code>bare</code>')));
    expect(bare.match(/<span class="muted">—<\/span>/g)).toHaveLength(3);
  });

  it('says so when no package is loaded', () => {
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, samplePackage: null, nonce: 'n' });
    expect(out).toContain('No runtime package is loaded on this deployment');
  });

  it('lists every error code of the error table with its status, and this deployment\'s limits', () => {
    const limits = { maxBodyBytes: 1000, bodyTimeoutMs: 1500, maxConcurrentBodies: 7, behindTrustedProxies: false };
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, limits, nonce: 'n' });
    const codes = [...out.matchAll(/<td class="num">(\d+)<\/td><td><code>([a-z_]+)<\/code>/g)].map((m) => [Number(m[1]), m[2]] as const);
    expect(new Set(codes.map(([, code]) => code))).toEqual(new Set(Object.keys(ERROR_CODES)));
    for (const [status, code] of codes) expect(HTTP_STATUS[code as keyof typeof HTTP_STATUS]).toBe(status);
    expect(errorRows().map((r) => r.status)).toEqual([...errorRows().map((r) => r.status)].sort((a, b) => a - b));
    for (const code of ['method_not_allowed', 'request_timeout', 'job_lost', 'server_busy']) expect(out).toContain(`<code>${code}</code>`);
    expect(out).toContain('did you mean jurisdiction "us-tx"?');
    expect(out).toContain('<code>household.facts.household_size</code>');
    expect(out).toContain('<strong>1,000 bytes</strong>');
    expect(out).toContain('<strong>1.5 s</strong>');
    expect(out).toContain('<code>x-forwarded-for</code> is ignored');
    const proxied = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, limits: { ...limits, behindTrustedProxies: true }, nonce: 'n' });
    expect(proxied).toContain('the configured trusted proxies put in');
  });

  it('describes the calculation answer from the served OpenAPI document, entities and assumptions included', async () => {
    const t = await createTestApp({ env: {} });
    try {
      const fields = answerFields(t.app.openapi as Record<string, any>);
      expect(fields.answer.map((f) => f.name)).toEqual(expect.arrayContaining(['outputs', 'trace', 'warnings', 'assumptions']));
      expect(fields.trace.map((f) => f.name)).toEqual(expect.arrayContaining(['entity', 'entity_id', 'rule_id', 'sources']));
      expect(fields.assumption.map((f) => f.name)).toEqual(expect.arrayContaining(['input', 'entity_id', 'assumed_value', 'message']));
      // Every field the reader sees is explained: by its schema description or by the page's gloss.
      for (const f of [...fields.answer, ...fields.trace, ...fields.assumption]) expect(f.meaning, f.name).toBeTruthy();
      const out = renderDocsPage({ openapi: t.app.openapi as Record<string, any>, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' });
      expect(out).toMatch(/<table id="trace-fields">[\s\S]*<code>entity_id<\/code>/);
      expect(out).toContain('Tenet extension.');
      expect(out).toContain('an unverified figure was used');
    } finally {
      await t.close();
    }
  });

  it('escapes schema descriptions and says so when the document has no calculate route', () => {
    const doc = {
      paths: { '/v1/calculate': { post: { responses: { 200: { content: { 'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/R' } } } } } } } } } },
      components: { schemas: { R: { properties: { odd: { description: '<script>x</script>' }, outputs: {} } } } },
    };
    expect(answerFields(doc).answer).toEqual([{ name: 'odd', meaning: '<script>x</script>' }, { name: 'outputs', meaning: expect.stringContaining('figures asked for') }]);
    const out = renderDocsPage({ openapi: doc, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' });
    expect(out).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' })).toContain('This deployment serves no <code>POST /v1/calculate</code>');
  });

  it('lists every scope a key may hold, and how a misspelt one is refused', () => {
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' });
    const table = out.slice(out.indexOf('<table id="scopes">'), out.indexOf('</table>', out.indexOf('<table id="scopes">')));
    expect([...table.matchAll(/<tr><td><code>([^<]+)<\/code>/g)].map((m) => m[1]).sort()).toEqual(grantableScopes().sort());
    expect(out).toContain('did you mean "rules:read"?');
  });

  it('lists exactly the commands of the tenet command tree', () => {
    const leaves = (c: Command, prefix: string[]): string[] => (c.commands.length === 0 ? [[...prefix, c.name()].join(' ')] : c.commands.flatMap((sub) => leaves(sub, c.parent ? [...prefix, c.name()] : prefix)));
    expect(CLI_COMMANDS.map(([command]) => command).sort()).toEqual(leaves(buildProgram(), []).sort());
    // Every flag the page names is an option of that command.
    const program = buildProgram();
    for (const [command, flags] of CLI_COMMANDS) {
      const cmd = command.split(' ').reduce<Command>((c, name) => c.commands.find((sub) => sub.name() === name)!, program);
      for (const flag of flags.match(/--[a-z-]+/g) ?? []) expect(cmd.options.map((o) => o.long), `tenet ${command} ${flag}`).toContain(flag);
    }
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' });
    expect(out).toContain('<code>tenet admin keys revoke</code>');
    expect(out).toMatch(/<table id="cli-exit-codes">[\s\S]*<td class="num">2<\/td>/);
  });

  it('lists exactly the members of the embedding RuleService', () => {
    // Checked by the typecheck: a member added to or removed from RuleService without the page fails to compile.
    type Listed = (typeof EMBEDDING_METHODS)[number][0] extends infer M ? (M extends `${infer Name}(${string}` ? Name : M) : never;
    expectTypeOf<Listed>().toEqualTypeOf<keyof RuleService>();
    const names = EMBEDDING_METHODS.map(([member]) => member.replace(/\(.*$/, ''));
    expect(new Set(names).size).toBe(names.length);
    const out = renderDocsPage({ openapi: { paths: {} }, apiVersion: '0.1.0', environment: 'local', sampleRequest: null, nonce: 'n' });
    for (const [member] of EMBEDDING_METHODS) expect(out).toContain(`<code>${member}</code>`);
    expect(out).toContain("import { createRuleService, ServiceError } from &#39;tenet&#39;;");
  });
});
