/**
 * Property test over every bundled school meals package (rules/programs/us-xx/school_meals, issue #27 item 2): random
 * households, drawn for each package from its own inputs (the SNAP facts its SNAP link reads, receipt of SNAP given or
 * not, TANF and FDPIR, and each person's schooling and own status), give the same outputs, errors and trace on the
 * fast path (traced kernel, columnar batch, session, untraced single) as on the explain path, in November 2026 (the
 * 2026-27 school year, FY2027 SNAP) and May 2025 (the 2024-25 school year, FY2025 SNAP).
 *
 * A child in school without a categorical status of their own reads the household through a derived relation
 * (school_meals_household_of_member, current_slot 0), which generated code evaluates as the household relation turned
 * round (core/engine/fast/kernel/kernel.ts reversedRelations); the counts carried on generated code are written to
 * the console for us-co.
 *
 * Normal suite: 60 households per package and month (54 packages). `TENET_PARITY_FULL=1`: 5,000 per package and month (10,000 per package, issue #26's bar).
 */
import { describeFastPathParity } from '../../../support/program-packages.js';

describeFastPathParity({ program: 'school_meals', name: 'School meals', packages: 54, months: [['2026-11', 0x2026], ['2025-05', 0x2025]], seed: 20261129, households: [60, 5_000] });
