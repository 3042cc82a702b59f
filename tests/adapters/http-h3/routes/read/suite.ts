/**
 * The read-surface route suite, run against one rule repository (the bundled rules/ or the shared corpus).
 * Every response goes through the OpenAPI harness (tests/support/http-harness.ts), so each one is validated
 * against the generated document. Grouped by outcome: 200, 400, 404, then 401/403 from the auth gate.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleDetail } from '../../../../../core/domain/catalog/types.js';
import { createTestApp, testKey, type TestApp } from '../../../../support/http-harness.js';

/**
 * `program:` of every spec file under <root>/programs, read independently of the code under test, mapped to
 * whether the spec lists acknowledged-incomplete outputs.
 */
function declaredPrograms(root: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.yaml')) {
        const text = readFileSync(path, 'utf8');
        const m = /^program:\s*['"]?([^'"\s#]+)/m.exec(text);
        if (m) out.set(m[1], (out.get(m[1]) ?? false) || /^acknowledged_incomplete:\s*\n\s*-\s*\S/m.test(text));
      }
    }
  };
  walk(join(root, 'programs'));
  return out;
}

const enc = encodeURIComponent;

export interface SuiteOptions {
  /** Rules sampled for the HTTP round trips (every rule is resolved in-process). */
  httpSample: number;
  /**
   * Whether every package's sample_request must compute. The bundled packages declare sample households; shared
   * corpus specs do not, so their samples are built from input defaults and may miss inputs the package shape
   * does not list (reported, not asserted).
   */
  samplesMustCompute: boolean;
  /** Whether the repository's rules carry proof atoms with excerpts (the shared corpus does). */
  hasProofExcerpts: boolean;
}

export function readSurfaceSuite(label: string, rulesPath: string, options: SuiteOptions): void {
  // The suite sends thousands of requests per key: lift the default 120/minute limit.
  const roomy = { requests: 1_000_000, window_seconds: 60 };
  const key = (id: string, scopes: string[]) => {
    const k = testKey(id, scopes);
    return { ...k, entry: { ...k.entry, rate_limit: roomy } };
  };
  const admin = key('read-admin', ['*']);
  const reader = key('read-rules', ['rules:read']);
  const sourcer = key('read-sources', ['sources:read']);
  const grapher = key('read-graphs', ['graphs:read']);
  let t: TestApp;
  let rules: RuleDetail[];
  const as = (key: { key: string }) => ({ headers: { 'x-api-key': key.key } });
  const get = (path: string, key = admin) => t.request('GET', path, as(key));
  const search = (json: unknown, key = admin) => t.request('POST', '/v1/search', { json, ...as(key) });

  beforeAll(async () => {
    t = await createTestApp({
      env: { RULES_PATH: rulesPath, SERVICE_API_KEYS: JSON.stringify([admin.entry, reader.entry, sourcer.entry, grapher.entry]) },
    });
    rules = t.app.services.read!.catalog.current().rules.rules();
  }, 180_000);
  afterAll(async () => t?.close());

  /** A deterministic spread of rules: every status and document class, then every n-th rule. */
  function sample(n: number): RuleDetail[] {
    const picked = new Map<string, RuleDetail>();
    for (const r of rules) {
      const kind = `${r.status}/${r.document_class}/${r.id.includes('#relation.') ? 'relation' : 'rule'}`;
      if (![...picked.values()].some((p) => `${p.status}/${p.document_class}/${p.id.includes('#relation.') ? 'relation' : 'rule'}` === kind)) picked.set(r.id, r);
    }
    const step = Math.max(1, Math.floor(rules.length / n));
    for (let i = 0; i < rules.length && picked.size < n; i += step) picked.set(rules[i].id, rules[i]);
    return [...picked.values()];
  }

  describe(`${label}: 200`, () => {
    it('indexes rules and resolves every one by id and by citation path', () => {
      expect(rules.length).toBeGreaterThan(0);
      const index = t.app.services.read!.catalog.current().rules;
      for (const r of rules) {
        expect(index.resolve(r.id)?.id).toBe(r.id);
        expect(index.resolve(r.citation_path)?.id).toBe(r.id);
      }
    });

    it('GET /v1/rules/{rule_id} serves sampled rules by encoded id, raw citation path and encoded citation path', async () => {
      for (const r of sample(options.httpSample)) {
        for (const path of [`/v1/rules/${enc(r.id)}`, `/v1/rules/${r.citation_path.split('/').map(enc).join('/')}`, `/v1/rules/${enc(r.citation_path)}`]) {
          const res = await get(path);
          expect(res.status, path).toBe(200);
          expect(res.body.data.rule.id).toBe(r.id);
        }
      }
    });

    it('rule detail carries complete provenance and consistent dependency edges', async () => {
      const withDeps = rules.find((r) => r.dependencies.length > 0)!;
      const res = await get(`/v1/rules/${enc(withDeps.id)}`);
      const rule = res.body.data.rule;
      for (const field of ['rulespec_repo', 'rulespec_path', 'rulespec_branch', 'source_release']) expect(rule.provenance[field]).toMatch(/\S/);
      const dep = await get(`/v1/rules/${enc(rule.dependencies[0])}/dependencies`, grapher);
      expect(dep.status).toBe(200);
      expect(dep.body.data.dependents).toContain(rule.id);
    });

    it('GET /v1/rules/{rule_id}/sources returns the rule summary and its references', async () => {
      const r = rules.find((x) => x.source_count > 0)!;
      const res = await get(`/v1/rules/${r.citation_path}/sources`, sourcer);
      expect(res.status).toBe(200);
      expect(res.body.data.rule.id).toBe(r.id);
      expect(res.body.data.sources).toHaveLength(r.source_count);
    });

    it('sources carry official citations, and proof excerpts as derived quotes where the rules have them', async () => {
      const index = t.app.services.read!.catalog.current().rules;
      const all = rules.flatMap((r) => index.sourcesOf(r.id) ?? []);
      expect(all.some((s) => s.source_type === 'official')).toBe(true);
      const derived = all.find((s) => s.source_type === 'derived' && s.quote !== null);
      if (options.hasProofExcerpts) {
        expect(derived).toBeDefined();
        const owner = derived!.id.slice(0, derived!.id.lastIndexOf('@'));
        const res = await get(`/v1/rules/${enc(owner)}/sources`, sourcer);
        expect(res.body.data.sources).toContainEqual(derived);
      }
    });

    it('GET /v1/rules/{rule_id}/dependencies returns both edge lists', async () => {
      const r = rules.find((x) => x.dependents.length > 0)!;
      const res = await get(`/v1/rules/${enc(r.id)}/dependencies`, grapher);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ rule: { id: r.id }, dependencies: r.dependencies, dependents: r.dependents });
    });

    it('GET /v1/programs lists every program spec, with a status that follows the runtime packages', async () => {
      const res = await get('/v1/programs', reader);
      expect(res.status).toBe(200);
      const programs: { id: string; jurisdiction: string; status: string; rule_count: number }[] = res.body.data.programs;
      const listed = new Set(programs.map((p) => `${p.jurisdiction}/${p.id}`));
      const declared = declaredPrograms(rulesPath);
      for (const spec of declared.keys()) expect(listed.has(spec), spec).toBe(true);
      const packages = (await get('/v1/runtime/packages', reader)).body.data.packages as { jurisdiction: string; program_id: string }[];
      const packaged = new Set(packages.map((p) => `${p.jurisdiction}/${p.program_id}`));
      expect(packaged.size).toBeGreaterThan(0);
      for (const key of packaged) expect(listed.has(key), `package ${key} has a program entry`).toBe(true);
      for (const p of programs) {
        const key = `${p.jurisdiction}/${p.id}`;
        if (!packaged.has(key)) expect(p.status, key).toBe('planned');
        else if (declared.get(key)) expect(p.status, `${key} declares acknowledged-incomplete outputs`).toBe('partial');
        else expect(['available', 'partial'], key).toContain(p.status);
      }
    });

    it("POST /v1/search ranks Colorado's utility allowance rules first for `colorado snap utility allowance`", async () => {
      const res = await search({ query: '  colorado snap utility allowance ' }, reader);
      expect(res.status).toBe(200);
      expect(res.body.data.query).toBe('colorado snap utility allowance');
      const top = res.body.data.results.slice(0, 3);
      expect(top.length).toBeGreaterThan(0);
      for (const r of top) {
        expect(r.jurisdiction).toBe('us-co');
        expect(r.name).toMatch(/utility/);
      }
    });

    it('POST /v1/search applies exact filters and clamps the limit', async () => {
      const filtered = await search({ query: 'snap', jurisdiction: 'us-co', limit: 50 });
      expect(filtered.body.data.results.length).toBeGreaterThan(0);
      for (const r of filtered.body.data.results) expect(r.jurisdiction).toBe('us-co');
      const byProgram = await search({ query: 'snap', program_id: 'snap', limit: 10 });
      for (const r of byProgram.body.data.results) expect(r.program_id).toBe('snap');
      expect((await search({ query: 'snap', limit: 5000 })).body.data.results.length).toBeLessThanOrEqual(50);
      expect((await search({ query: 'snap', limit: 0 })).body.data.results).toHaveLength(1);
      expect((await search({ query: 'snap' })).body.data.results).toHaveLength(20);
      // A filter that no rule or program carries is refused rather than answered with nothing (docs/read-surface.md).
      const nowhere = await search({ query: 'snap', jurisdiction: 'us-nowhere' });
      expect(nowhere.status).toBe(400);
      expect(nowhere.body.error.message).toMatch(/^jurisdiction: "us-nowhere" is not a jurisdiction id/);
    });

    it('POST /v1/search finds a rule by its id and by its citation path, first', async () => {
      const r = rules.find((x) => x.status === 'encoded')!;
      expect((await search({ query: r.id })).body.data.results[0].id).toBe(r.id);
      expect((await search({ query: r.citation_path })).body.data.results[0].id).toBe(r.id);
    });

    it('runtime packages: list, detail with a sample request that computes, and the compiled graph', async () => {
      const list = await get('/v1/runtime/packages', reader);
      expect(list.status).toBe(200);
      const packages = list.body.data.packages as { jurisdiction: string; program_id: string; status: string }[];
      const notComputing: string[] = [];
      for (const p of packages) {
        const path = `/v1/runtime/packages/${enc(p.jurisdiction)}/${p.program_id.split('/').map(enc).join('/')}`;
        const detail = await get(path, reader);
        expect(detail.status, path).toBe(200);
        const pkg = detail.body.data.package;
        expect(pkg.default_period).toMatch(/^\d{4}-\d{2}$/);
        expect(pkg.sample_request).toMatchObject({ program_id: p.program_id, jurisdiction: p.jurisdiction });
        const calc = await t.request('POST', '/v1/calculate', { json: pkg.sample_request, ...as(admin) });
        if (options.samplesMustCompute) expect(calc.status, `${path} sample_request: ${calc.text.slice(0, 300)}`).toBe(200);
        if (calc.status === 200) for (const name of pkg.sample_request.variables ?? []) expect(calc.body.data.outputs).toHaveProperty(name);
        else notComputing.push(`${p.jurisdiction}/${p.program_id} (${calc.status}: ${String(calc.body?.error?.message ?? '').slice(0, 160)})`);
        const graph = await get(`${path}/graph`, reader);
        if (graph.status === 200) {
          expect(graph.body.data.graph.rules.length).toBeGreaterThan(0);
        } else {
          expect(graph.status).toBe(404);
          expect(pkg.mode).toBe('fixture');
        }
      }
      if (notComputing.length > 0) console.warn(`${label}: ${notComputing.length} of ${packages.length} sample requests do not compute: ${notComputing.slice(0, 10).join('; ')}`);
    });

    it('GET /v1/capabilities lists every package with one sample request per ready package', async () => {
      const res = await get('/v1/capabilities', reader);
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.endpoints.rules).toBe('/v1/rules/{rule_id}');
      expect(data.repository.program_count).toBeGreaterThan(0);
      expect(data.runtime.package_count).toBe(data.runtime.packages.length);
      const ready = data.runtime.packages.filter((p: { status: string }) => p.status === 'ready').length;
      expect(data.runtime.sample_requests).toHaveLength(ready);
    });
  });

  describe(`${label}: 400`, () => {
    it('rejects a query under 2 or over 500 characters after trimming', async () => {
      for (const query of ['', ' a ', 'x'.repeat(501)]) {
        const res = await search({ query });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
        expect(res.body.error.message).toMatch(/query/);
      }
    });

    it('rejects a missing query, wrong types, long filters and a non-finite limit', async () => {
      for (const json of [{}, { query: 5 }, { query: 'snap', jurisdiction: 'x'.repeat(121) }, { query: 'snap', program_id: 'x'.repeat(121) }, { query: 'snap', limit: 'ten' }]) {
        const res = await search(json);
        expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
      }
      const infinite = await t.request('POST', '/v1/search', { body: '{"query":"snap","limit":1e999}', headers: { 'content-type': 'application/json', 'x-api-key': admin.key } });
      expect(infinite.status).toBe(400);
      expect(infinite.body.error.message).toMatch(/limit/);
    });

    it('rejects as_of in the body or the query string with unsupported_parameter', async () => {
      expect((await search({ query: 'snap', as_of: '2026-01-01' })).body.error.code).toBe('unsupported_parameter');
      const res = await t.request('POST', '/v1/search?as_of=2026-01-01', { json: { query: 'snap' }, ...as(admin) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('unsupported_parameter');
      expect((await get(`/v1/rules/${enc(rules[0].id)}?as_of=2026-01-01`)).status).toBe(400);
    });

    it('rejects over-long or malformed package path parameters, and as_of on every read route', async () => {
      for (const path of [`/v1/runtime/packages/${'x'.repeat(121)}/snap`, `/v1/runtime/packages/us-co/${'y'.repeat(121)}/graph`, '/v1/runtime/packages/%E0/snap']) {
        const res = await get(path, reader);
        expect(res.status, path).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
      }
      for (const path of ['/v1/programs', '/v1/capabilities', '/v1/runtime/packages', `/v1/rules/${enc(rules[0].id)}/sources`]) {
        const res = await get(`${path}?as_of=2026-01-01`);
        expect(res.status, path).toBe(400);
        expect(res.body.error.code).toBe('unsupported_parameter');
      }
    });

    it('rejects malformed JSON and an over-long rule id', async () => {
      const bad = await t.request('POST', '/v1/search', { body: '{"query":', headers: { 'content-type': 'application/json', 'x-api-key': admin.key } });
      expect(bad.status).toBe(400);
      expect((await get(`/v1/rules/${'a'.repeat(2001)}`)).status).toBe(400);
    });
  });

  describe(`${label}: 404`, () => {
    it('unknown rule ids and citation paths', async () => {
      const known = rules[0];
      for (const path of [
        `/v1/rules/${enc(`${known.id}_nope`)}`,
        `/v1/rules/${known.citation_path}_nope`,
        `/v1/rules/${enc('us:statutes/0/0#nothing')}/sources`,
        `/v1/rules/us/statutes/0/0/nothing/dependencies`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    });

    it('a rule id sent with an unescaped # says to percent-encode it or use the citation path', async () => {
      const rule = rules.find((r) => r.id.includes('#') && !r.id.includes('#relation.')) as RuleDetail;
      const moduleId = rule.id.slice(0, rule.id.indexOf('#'));
      // The URL parser drops everything from the '#', as any HTTP client does: the server sees the module id.
      for (const path of [`/v1/rules/${rule.id}`, `/v1/rules/${rule.id}/sources`]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe('not_found');
        expect(res.body.error.message).toContain(`No rule has the id or citation path ${JSON.stringify(moduleId)}.`);
        expect(res.body.error.message).toContain('percent-encode "#" as %23');
        expect(res.body.error.message).toContain('use the citation path (/v1/rules/');
      }
      // Both spellings the message gives do find a rule of that module.
      const message = (await get(`/v1/rules/${rule.id}`)).body.error.message as string;
      const suggestions = message.match(/\/v1\/rules\/[^\s)]+/g) ?? [];
      expect(suggestions).toHaveLength(2);
      for (const suggested of suggestions) expect((await get(suggested)).status, suggested).toBe(200);
      // An unknown id that is not a module keeps the plain message.
      const plain = await get(`/v1/rules/${enc('us:statutes/0/0')}`);
      expect(plain.body.error.message).toBe('No rule has the id or citation path "us:statutes/0/0".');
    });

    it('unknown runtime packages and graphs', async () => {
      for (const path of ['/v1/runtime/packages/us-nowhere/snap', '/v1/runtime/packages/us-co/nothing/graph']) {
        const res = await get(path, reader);
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    });
  });

  describe(`${label}: 401 and 403`, () => {
    it('requires a key', async () => {
      for (const path of ['/v1/programs', '/v1/capabilities', `/v1/rules/${enc(rules[0].id)}`, '/v1/runtime/packages']) {
        const res = await t.request('GET', path);
        expect(res.status, path).toBe(401);
      }
      expect((await t.request('POST', '/v1/search', { json: { query: 'snap' } })).status).toBe(401);
    });

    it('enforces the scope table: sources -> sources:read, dependencies -> graphs:read, the rest rules:read', async () => {
      const id = enc(rules[0].id);
      const cases: [string, { key: string }, number][] = [
        [`/v1/rules/${id}/sources`, reader, 403],
        [`/v1/rules/${id}/dependencies`, reader, 403],
        [`/v1/rules/${id}/dependencies`, sourcer, 403],
        [`/v1/rules/${id}`, sourcer, 403],
        ['/v1/programs', grapher, 403],
        ['/v1/capabilities', sourcer, 403],
        [`/v1/rules/${id}/sources`, sourcer, 200],
        [`/v1/rules/${id}/dependencies`, grapher, 200],
        [`/v1/rules/${id}`, reader, 200],
      ];
      for (const [path, key, status] of cases) {
        const res = await get(path, key as typeof admin);
        expect(res.status, path).toBe(status);
        if (status === 403) {
          expect(res.body.error.code).toBe('insufficient_scope');
        }
      }
      expect((await search({ query: 'snap' }, grapher)).status).toBe(403);
    });
  });
}
