import { describe, expect, it } from 'vitest';
import { endpointRows, renderDocsPage } from '../../../../adapters/http-h3/pages/docs-page.js';
import { escapeHtml, html } from '../../../../adapters/http-h3/pages/html.js';

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
});
