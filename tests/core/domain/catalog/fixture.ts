/** A small two-jurisdiction repository in the catalog's input model, shared by catalog and search tests. */

import type { CatalogModule, CatalogRepository, CatalogRule } from '../../../../core/domain/catalog/types.js';

function rule(partial: Partial<CatalogRule> & Pick<CatalogRule, 'name' | 'kind'>): CatalogRule {
  return { formulas: [], hasValues: false, effectiveFrom: [], ...partial };
}

const federalAllotment: CatalogModule = {
  id: 'us:statutes/7/2017/a',
  path: 'us/statutes/7/2017/a.yaml',
  corpusCitationPath: 'us/statute/7/2017',
  imports: ['us:policies/usda/snap/max'],
  rules: [
    rule({ name: 'snap_contribution_rate', kind: 'parameter', dtype: 'Rate', source: '7 USC 2017(a)', formulas: ['0.30'], effectiveFrom: ['2008-10-01'],
      proofAtoms: [{ path: 'versions[0].formula', kind: 'parameter', citationPath: 'us/statute/7/2017', excerpt: '30 per centum' }, { path: 'versions[0].formula', kind: 'parameter', citationPath: 'us/statute/7/2017' }] }),
    rule({ name: 'snap_regular_month_allotment', kind: 'derived', entity: 'Household', dtype: 'Money', unit: 'USD', period: 'Month',
      source: '7 USC 2017(a)', sourceUrl: 'https://www.law.cornell.edu/uscode/text/7/2017',
      formulas: ['max(0, snap_max_allotment - snap_net_income * snap_contribution_rate)  # net income is an input'], effectiveFrom: ['2008-10-01', '2025-10-01'] }),
  ],
};

const federalMax: CatalogModule = {
  id: 'us:policies/usda/snap/max',
  path: 'us/policies/usda/snap/max.yaml',
  corpusCitationPath: 'us/guidance/usda/fns/cola',
  imports: [],
  rules: [
    rule({ name: 'snap_max_allotment_table', kind: 'parameter', dtype: 'Money', indexedBy: 'household_size', hasValues: true, effectiveFrom: ['2025-10-01'] }),
    rule({ name: 'snap_max_allotment', kind: 'derived', entity: 'Household', dtype: 'Money', formulas: ['snap_max_allotment_table[household_size]'], effectiveFrom: ['2025-10-01'] }),
  ],
};

const coloradoSua: CatalogModule = {
  id: 'us-co:regulations/10-ccr-2506-1/4.407.31',
  path: 'us-co/regulations/10-ccr-2506-1/4.407.31.yaml',
  corpusCitationPath: 'us-co/regulation/10-ccr-2506-1/4.407.31',
  imports: ['us:statutes/7/2017/a'],
  rules: [
    rule({ name: 'colorado_snap_basic_utility_allowance_amount', kind: 'parameter', dtype: 'Money', unit: 'USD', formulas: ['356'], effectiveFrom: ['2025-10-01'] }),
    rule({ name: 'snap_standard_utility_allowance', kind: 'derived', entity: 'Household', dtype: 'Money', formulas: ['colorado_snap_basic_utility_allowance_amount'], effectiveFrom: ['2025-10-01'] }),
    rule({ name: 'sets_snap_standard_utility_allowance', kind: 'source_relation', relationType: 'sets', source: '10 CCR 2506-1 4.407.31',
      linkedIds: ['us:statutes/7/2017/a#snap_regular_month_allotment', 'us-co:regulations/10-ccr-2506-1/4.407.31#snap_standard_utility_allowance'] }),
    rule({ name: 'member_of_household', kind: 'data_relation' }),
  ],
};

const coloradoTax: CatalogModule = {
  id: 'us-co:statutes/39/39-22-104',
  path: 'us-co/statutes/39/39-22-104.yaml',
  imports: [],
  rules: [rule({ name: 'colorado_income_tax_rate', kind: 'parameter', dtype: 'Rate', formulas: ['0.044'], effectiveFrom: ['2024-01-01'] })],
};

export function fixtureRepository(): CatalogRepository {
  return {
    identity: { repo: 'example/rulespec-test', branch: 'main', release: 'abc123' },
    modules: [federalAllotment, federalMax, coloradoSua, coloradoTax],
    programs: [
      {
        program: 'us-co/snap',
        path: 'programs/us-co/snap/fy-2026.yaml',
        period: '2026-01',
        outputs: ['snap_regular_month_allotment'],
        acknowledgedIncomplete: [],
        scopeModules: ['us-co:regulations/10-ccr-2506-1/4.407.31', 'us-co:regulations/10-ccr-2506-1/4.999'],
      },
    ],
  };
}
