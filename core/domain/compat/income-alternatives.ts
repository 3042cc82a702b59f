/**
 * PolicyEngine's person income variables that stand for the same money at different levels of detail: a total
 * (`employment_income`, `interest_income`, `capital_gains`) and its parts. Each set shares a `key`; when a caller gives
 * several, the highest `rank` is read and the others are reported as ignored (readings.ts keepHighestRanked), because
 * PolicyEngine uses a given total instead of computing it. The sets are PolicyEngine's structure, not a program's, so
 * they are written once here; each program says only which of its facts a variable feeds (incomeSources).
 */
/** A person's income input that is one of a set of alternatives (`key`), of which the highest `rank` given is read. */
export interface RankedIncome {
  readonly key?: string;
  readonly rank?: number;
}

const ALTERNATIVES: Readonly<Record<string, RankedIncome>> = {
  // employment_income is employment_income_before_lsr plus a labour-supply response that is zero without a reform.
  employment_income_before_lsr: { key: 'wages', rank: 0 },
  employment_income: { key: 'wages', rank: 1 },
  self_employment_income: { key: 'self_employment', rank: 0 },
  self_employment_income_before_lsr: { key: 'self_employment', rank: 1 },
  social_security_retirement: { key: 'social_security', rank: 0 },
  social_security_disability: { key: 'social_security', rank: 0 },
  social_security_survivors: { key: 'social_security', rank: 0 },
  social_security_dependents: { key: 'social_security', rank: 0 },
  social_security: { key: 'social_security', rank: 1 },
  taxable_interest_income: { key: 'interest', rank: 0 },
  tax_exempt_interest_income: { key: 'interest', rank: 0 },
  interest_income: { key: 'interest', rank: 1 },
  qualified_dividend_income: { key: 'dividends', rank: 0 },
  non_qualified_dividend_income: { key: 'dividends', rank: 0 },
  dividend_income: { key: 'dividends', rank: 1 },
  long_term_capital_gains_before_response: { key: 'capital_gains', rank: 0 },
  short_term_capital_gains: { key: 'capital_gains', rank: 0 },
  long_term_capital_gains: { key: 'capital_gains', rank: 1 },
  capital_gains: { key: 'capital_gains', rank: 2 },
};

/** A PolicyEngine income variable a program reads: the program's fact it adds to, and its alternative set if any. */
export type IncomeSource<F extends string> = RankedIncome & { readonly fact: F };

/** The income variables a program reads, from its list of variables per fact, with the shared alternative sets. */
export function incomeSources<F extends string>(variablesByFact: Readonly<Record<F, readonly string[]>>): Record<string, IncomeSource<F>> {
  const sources: Record<string, IncomeSource<F>> = {};
  for (const fact of Object.keys(variablesByFact) as F[]) {
    for (const variable of variablesByFact[fact]) sources[variable] = { fact, ...ALTERNATIVES[variable] };
  }
  return sources;
}
