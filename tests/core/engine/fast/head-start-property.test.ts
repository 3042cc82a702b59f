/**
 * Property test over every bundled Head Start package (rules/programs/us-xx/head_start, issue #27): random households,
 * drawn for each package from its own inputs (the SNAP facts its SNAP link reads, and the Head Start facts: receipt of
 * SNAP given or not, TANF and SSI, each person's age, pregnancy, homelessness, foster care, unemployment compensation
 * and pensions), give the same outputs, errors and trace (the per-person rules' entries included) on the fast path
 * (traced kernel, columnar batch, session, untraced single) as on the explain path, in March 2026 (the 2026
 * guidelines) and May 2025 (the 2025 guidelines, FY2025 SNAP figures).
 *
 * Normal suite: 60 households per package and month (56 packages). `TENET_PARITY_FULL=1`: 5,000 per package and month (10,000 per package, issue #26's bar).
 */
import { describeFastPathParity } from '../../../support/program-packages.js';

describeFastPathParity({ program: 'head_start', name: 'Head Start', packages: 56, months: [['2026-03', 0x2026], ['2025-05', 0x2025]], seed: 20261128, households: [60, 5_000], carried: true });
