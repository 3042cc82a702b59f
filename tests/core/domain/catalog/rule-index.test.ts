import { describe, expect, it } from 'vitest';
import { buildRuleIndex, summaryOf } from '../../../../core/domain/catalog/rule-index.js';
import { citationPathOf, ruleIdCandidates } from '../../../../core/domain/catalog/citation-path.js';
import { formulaIdentifiers } from '../../../../core/domain/catalog/formula-identifiers.js';
import { fixtureRepository } from './fixture.js';

const index = buildRuleIndex([fixtureRepository()]);

describe('citation paths', () => {
  it('turns the id separators into slashes and back', () => {
    const id = 'us:statutes/7/2017/a#snap_regular_month_allotment';
    expect(citationPathOf(id)).toBe('us/statutes/7/2017/a/snap_regular_month_allotment');
    expect(ruleIdCandidates(citationPathOf(id))).toContain(id);
    expect(citationPathOf('us-co:regulations/x/4.9')).toBe('us-co/regulations/x/4.9');
  });

  it('resolves every rule by id and by citation path', () => {
    for (const rule of index.rules()) {
      expect(index.resolve(rule.id)?.id).toBe(rule.id);
      expect(index.resolve(rule.citation_path)?.id).toBe(rule.id);
      expect(rule.citation_path).toContain('/');
    }
  });

  it('finds a relation by its plain `#name` spelling too', () => {
    expect(index.resolve('us-co:regulations/10-ccr-2506-1/4.407.31#member_of_household')?.id).toBe(
      'us-co:regulations/10-ccr-2506-1/4.407.31#relation.member_of_household',
    );
  });

  it('returns undefined for unknown references', () => {
    expect(index.resolve('us:statutes/7/2017/a#nope')).toBeUndefined();
    expect(index.resolve('us/statutes/7/2017/a/nope')).toBeUndefined();
    expect(index.resolve('')).toBeUndefined();
  });
});

describe('rule details', () => {
  const allotment = index.resolve('us:statutes/7/2017/a#snap_regular_month_allotment')!;

  it('carries identity, class, status, version and provenance', () => {
    expect(allotment).toMatchObject({
      name: 'snap_regular_month_allotment',
      jurisdiction: 'us',
      program_id: 'snap',
      document_class: 'statute',
      status: 'encoded',
      version: '2025-10-01',
      provenance: { rulespec_repo: 'example/rulespec-test', rulespec_path: 'us/statutes/7/2017/a.yaml', rulespec_branch: 'main', source_release: 'abc123' },
    });
  });

  it('resolves formula identifiers through the import closure into dependencies; the rest are input symbols', () => {
    expect(allotment.dependencies).toEqual(['us:policies/usda/snap/max#snap_max_allotment', 'us:statutes/7/2017/a#snap_contribution_rate']);
    expect(allotment.symbols).toEqual(['snap_regular_month_allotment', 'snap_contribution_rate', 'snap_max_allotment', 'snap_net_income']);
    expect(index.resolve('us:policies/usda/snap/max#snap_max_allotment')!.symbols).toContain('household_size');
  });

  it('records dependents as the reverse edges, including source-relation links', () => {
    expect(index.resolve('us:statutes/7/2017/a#snap_contribution_rate')!.dependents).toEqual(['us:statutes/7/2017/a#snap_regular_month_allotment']);
    expect(allotment.dependents).toEqual(['us-co:regulations/10-ccr-2506-1/4.407.31#sets_snap_standard_utility_allowance']);
  });

  it('marks source-only rules source-linked and values tables encoded', () => {
    expect(index.resolve('us-co:regulations/10-ccr-2506-1/4.407.31#sets_snap_standard_utility_allowance')!.status).toBe('source-linked');
    expect(index.resolve('us:policies/usda/snap/max#snap_max_allotment_table')!.status).toBe('encoded');
  });

  it('lists a program-scope module that no file provides as a planned entry', () => {
    const planned = index.resolve('us-co/regulations/10-ccr-2506-1/4.999')!;
    expect(planned).toMatchObject({ id: 'us-co:regulations/10-ccr-2506-1/4.999', status: 'planned', program_id: 'snap', source_count: 0 });
    expect(planned.provenance.rulespec_path).toBe('us-co/regulations/10-ccr-2506-1/4.999.yaml');
  });

  it('names the jurisdiction in the summary', () => {
    expect(index.resolve('us-co:regulations/10-ccr-2506-1/4.407.31#snap_standard_utility_allowance')!.summary).toContain('Colorado regulation');
  });

  it('projects a summary with exactly the RuleSummary fields', () => {
    expect(Object.keys(summaryOf(allotment)).sort()).toEqual(
      ['citation_path', 'document_class', 'id', 'jurisdiction', 'name', 'program_id', 'source_count', 'status'].sort(),
    );
  });
});

describe('sources', () => {
  it('builds official, repository and derived references and collapses duplicates', () => {
    const sources = index.sourcesOf('us/statutes/7/2017/a/snap_contribution_rate')!;
    expect(sources.map((s) => s.source_type)).toEqual(['official', 'repository', 'derived']);
    expect(sources[2]).toMatchObject({ quote: '30 per centum', citation_path: 'us/statute/7/2017' });
    expect(index.resolve('us:statutes/7/2017/a#snap_contribution_rate')!.source_count).toBe(3);
  });

  it('keeps the source URL on official references', () => {
    const [official] = index.sourcesOf('us:statutes/7/2017/a#snap_regular_month_allotment')!;
    expect(official).toMatchObject({ source_type: 'official', url: 'https://www.law.cornell.edu/uscode/text/7/2017', label: '7 USC 2017(a)' });
  });
});

describe('programs', () => {
  it('lists each program spec and each jurisdiction/program found in the rules with rule counts', () => {
    const programs = index.programs();
    expect(programs.map((p) => `${p.jurisdiction}/${p.id}:${p.rule_count}:${p.status}`)).toEqual([
      'us/snap:4:planned',
      'us-co/snap:5:planned',
      'us-co/statutes/39:1:planned',
    ]);
    expect(programs[1].name).toBe('Colorado SNAP');
  });

  it('takes status from package readiness', () => {
    const status = (r: Parameters<typeof index.programs>[0]) => index.programs(r).find((p) => p.jurisdiction === 'us-co' && p.id === 'snap')!.status;
    expect(status([{ jurisdiction: 'us-co', programId: 'snap', executable: true, acknowledgedIncomplete: [], failingTests: 0 }])).toBe('available');
    expect(status([{ jurisdiction: 'us-co', programId: 'snap', executable: true, acknowledgedIncomplete: ['snap_eligible'], failingTests: 0 }])).toBe('partial');
    expect(status([{ jurisdiction: 'us-co', programId: 'snap', executable: true, acknowledgedIncomplete: [], failingTests: 2 }])).toBe('partial');
  });
});

describe('formula identifiers', () => {
  it('skips strings, comments, keywords and called functions', () => {
    expect(formulaIdentifiers("if a > 1_000: max(b, 0.5) else: t[c] # d\n and not e == 'f g'").sort()).toEqual(['a', 'b', 'c', 'e', 't']);
  });
});

describe('several repositories', () => {
  it('indexes each repository with its own provenance; the first repository wins a duplicate module', () => {
    const first = fixtureRepository();
    const second = fixtureRepository();
    second.identity = { repo: 'example/second', branch: 'dev', release: 'def456' };
    second.modules = [
      ...second.modules.slice(0, 1),
      { id: 'us-ny:policies/otda/snap/x', path: 'us-ny/policies/otda/snap/x.yaml', imports: [], rules: [{ name: 'ny_rate', kind: 'parameter', formulas: ['1'], hasValues: false, effectiveFrom: ['2026-01-01'] }] },
    ];
    second.programs = [];
    const both = buildRuleIndex([first, second]);
    expect(both.resolve('us:statutes/7/2017/a#snap_regular_month_allotment')!.provenance.rulespec_repo).toBe('example/rulespec-test');
    expect(both.resolve('us-ny/policies/otda/snap/x/ny_rate')!.provenance).toEqual({
      rulespec_repo: 'example/second',
      rulespec_path: 'us-ny/policies/otda/snap/x.yaml',
      rulespec_branch: 'dev',
      source_release: 'def456',
    });
    expect(both.size).toBe(index.size + 1);
  });
});
