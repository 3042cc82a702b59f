/**
 * Property test over every bundled WIC package (rules/programs/us-xx/wic, issue #27): random households, drawn for
 * each package from its own inputs (the SNAP facts its SNAP link reads, people of every age, the WIC person facts
 * and the program receipts, by their types and limits), give the same outputs, errors and trace on the fast path (traced kernel, columnar batch,
 * session, untraced single) as on the explain path, in March 2026 (the 2025 guidelines) and July 2026 (the 2026
 * guidelines, first month).
 *
 * A person in a WIC category reads the household through a derived relation (wic_household_of_member, current_slot
 * 0), which generated code evaluates as the household relation turned round (core/engine/fast/kernel/kernel.ts
 * reversedRelations); the counts carried on generated code are written to the console for us-co.
 *
 * Normal suite: 40 households per package and month (56 packages). `TENET_PARITY_FULL=1`: 5,000 per package and month (10,000 per package, issue #26's bar).
 */
import { describeFastPathParity } from '../../../support/program-packages.js';

describeFastPathParity({ program: 'wic', name: 'WIC', packages: 56, months: [['2026-03', 0x2603], ['2026-07', 0x2607]], seed: 0x57_1c, households: [40, 5_000] });
