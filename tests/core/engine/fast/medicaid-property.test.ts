/**
 * Property test over every bundled Medicaid and CHIP package (rules/programs/us-xx/medicaid, issue #28): random
 * households drawn from each package's own inputs (household size and income, people with ages, income,
 * self-employment, citizenship, pregnancy and expected children) give the same outputs, errors and trace on the fast
 * path (traced kernel, columnar batch, session, untraced single) as on the explain path, in March 2026 (the 2026
 * guidelines) and June 2025 (the 2025 guidelines).
 *
 * Each person's category reads the household's income and limits through a derived relation from the person's side
 * (medicaid_household_of_member, current_slot 0), which generated code evaluates as the household relation turned
 * round (core/engine/fast/kernel/kernel.ts reversedRelations); the counts carried on generated code are written to
 * the console for us-co.
 *
 * Normal suite: 60 households per package and month (51 packages). `TENET_PARITY_FULL=1`: 5,000 per package and month (10,000 per package, issue #26's bar).
 */
import { describeFastPathParity } from '../../../support/program-packages.js';

describeFastPathParity({ program: 'medicaid', name: 'Medicaid', packages: 51, months: [['2026-03', 0x2026], ['2025-06', 0x2025]], seed: 20261128 ^ 0x28, households: [60, 5_000] });
