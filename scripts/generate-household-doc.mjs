#!/usr/bin/env node
// Writes docs/household.md, the one table of household and person facts, from the bundled packages' own input docs
// (the compose specs' input_docs and person_input_docs under rules/programs/) and the reserved names of
// scripts/lib/household-vocabulary.mjs. It refuses (exit 1, naming each case) a name whose description, period or
// unit differs between two packages at the same level, and a reserved name that a package reads.
// Usage: node scripts/generate-household-doc.mjs [--check] [--programs <dir>]
//   --check writes nothing and exits 1 when docs/household.md differs from what it would write, or on a conflict.
//   --programs reads the compose specs from another folder laid out as rules/programs (the tests use it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { RESERVED_FACTS } from './lib/household-vocabulary.mjs';
import { TWO_LEVELS_SECTION } from './lib/household-levels.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECK = process.argv.includes('--check');
const programsArg = process.argv.indexOf('--programs');
const programsDir = programsArg > 0 ? path.resolve(process.argv[programsArg + 1]) : path.join(root, 'rules/programs');

/** How each program reads the facts: its period, and how it converts. */
const PROGRAM_NOTES = {
  snap: 'SNAP (7 U.S.C. 2011-2036; docs/snap-package-contract.md) reads every money fact as the amount for the calculation month and tests it monthly; household-level amounts add to what listed people report; the household is the people listed (or household_size when larger), less members the rules exclude. Packages: `rules/programs/us-xx/snap/`.',
  school_meals: 'Free and reduced-price school meals (42 U.S.C. 1758(b); 7 CFR 245; docs/school-meals-coverage.md) read the same monthly income facts (net self-employment income, a loss as 0) and test their sum against the monthly column of the school year\'s Income Eligibility Guidelines (July 1 to June 30). The household is every person listed (or household_size when larger). The person facts is_in_school, is_homeless, is_runaway, is_migrant, is_in_foster_care and is_enrolled_in_head_start are each child\'s own (a person\'s is_homeless is not the SNAP household fact of the same name). SNAP receipt not given is read from the State SNAP package as for Lifeline, only when it can change a child\'s tier. Packages: `rules/programs/us-xx/school_meals/`.',
  medicaid: 'Medicaid and CHIP (42 CFR 435.603, 435.110-435.119, 457.310; docs/medicaid-coverage.md) read the same monthly income facts as current monthly MAGI-based income and compare 12 times their sum with the yearly guideline; net self-employment income counts and a loss reduces it; every unearned amount given is taken as taxable (MAGI leaves out SSI, TANF and child support received). The MAGI household is every person listed (or household_size when larger); a pregnant person counts the children expected (expected_children_count). citizenship_status keeps SNAP\'s values, read by Medicaid\'s own rules (8 U.S.C. 1611, 1613, 1641). Packages: `rules/programs/us-xx/medicaid/`.',
  lifeline: 'Lifeline (47 CFR 54.400-54.410; docs/lifeline-coverage.md) reads the same monthly income facts and multiplies their sum by 12 to test annual household income against 135% of the annual guideline (47 CFR 54.400(f), 54.409(a)(1)); net self-employment income counts, a loss as 0. Its household is every person listed (or household_size when larger), nobody excluded. The receipt facts are monthly; SNAP receipt not given is read from the SNAP eligibility of the State\'s SNAP package for the same household (listed in assumptions as inferred). The SNAP facts are in each Lifeline package so that link can compute; they matter only when it does. Packages: `rules/programs/us-xx/lifeline/`.',
  wic: 'WIC (42 U.S.C. 1786; 7 CFR 246.7; docs/wic-coverage.md) decides each person on his or her own: the person facts (is_pregnant, is_breastfeeding, months_postpartum, age) give the category, and the family\'s monthly income (the same income facts, net self-employment income with a loss as 0) is tested against the monthly column of the WIC income eligibility guidelines for the person\'s family size, a pregnant woman counting the children she expects. receives_medicaid is the person\'s own receipt here (Lifeline\'s household-level receives_medicaid means a member receives it); receives_snap and receives_tanf are the family\'s. Packages: `rules/programs/us-xx/wic/`.',
  ctc: 'The federal child tax credit (26 U.S.C. 24; docs/tax-credits.md) reads the same facts as the EITC package, the same way (annual, the period\'s calendar year, monthly facts times 12, one tax unit, age and relationship_to_head stated for every person), and computes the regular income tax from them to limit its non-refundable part. Package: `rules/programs/us/ctc/`.',
  eitc: 'The federal EITC (26 U.S.C. 32; docs/tax-credits.md) is annual: the period\'s calendar year is the tax year, and it reads each filer\'s monthly income facts times 12 (rounded to the cent), only the head\'s and, on a joint return, the spouse\'s. Its household is one tax unit: the filers are the people listed as head or spouse, the others are possible dependants; every listed person states age and relationship_to_head (no default). It does not read unearned_income (benefits, support): AGI takes investment_income and other_taxable_income. The credits are not income for any other program (26 U.S.C. 6409): no package reads them as a fact. Package: `rules/programs/us/eitc/`.',
};

function specs() {
  const out = [];
  for (const jur of fs.readdirSync(programsDir).sort()) {
    for (const program of fs.readdirSync(path.join(programsDir, jur)).sort()) {
      for (const file of fs.readdirSync(path.join(programsDir, jur, program)).filter((f) => f.endsWith('.yaml')).sort()) {
        const spec = YAML.parse(fs.readFileSync(path.join(programsDir, jur, program, file), 'utf8'));
        out.push({ file: `rules/programs/${jur}/${program}/${file}`, jurisdiction: spec.jurisdiction ?? jur, program: spec.program_id ?? program, spec });
      }
    }
  }
  return out;
}

const entries = new Map(); // `${level}\u0000${name}` -> entry
const conflicts = [];
const all = specs();
const jurisdictionsOf = new Map(); // program -> Set of jurisdictions
for (const { file, jurisdiction, program, spec } of all) {
  (jurisdictionsOf.get(program) ?? jurisdictionsOf.set(program, new Set()).get(program)).add(jurisdiction);
  const flags = new Set(Object.keys(spec.given_flags?.household ?? {}));
  for (const [level, docsKey] of [['household', 'input_docs'], ['person', 'person_input_docs']]) {
    for (const [name, docs] of Object.entries(spec[docsKey] ?? {})) {
      const key = `${level}\u0000${name}`;
      const seen = entries.get(key);
      const fields = { description: docs.description, period: docs.period, unit: docs.unit };
      if (!seen) {
        entries.set(key, { level, name, ...fields, type: spec.input_types?.[name], values: new Map(), programs: new Map(), first: file, setByService: level === 'household' && flags.has(name) });
      } else {
        for (const f of ['description', 'period', 'unit']) {
          if (seen[f] !== fields[f]) conflicts.push(`${level} ${name}: ${f} in ${file} differs from ${seen.first}:\n    ${JSON.stringify(fields[f])}\n    ${JSON.stringify(seen[f])}`);
        }
      }
      const e = entries.get(key);
      (e.programs.get(program) ?? e.programs.set(program, new Set()).get(program)).add(jurisdiction);
      const values = spec.input_values?.[name];
      if (values) e.values.set(jurisdiction + '/' + program, values.join(', '));
    }
  }
}
for (const level of ['household', 'person']) {
  for (const name of Object.keys(RESERVED_FACTS[level])) {
    const e = entries.get(`${level}\u0000${name}`);
    if (e) conflicts.push(`${level} ${name} is reserved in scripts/lib/household-vocabulary.mjs but read by ${[...e.programs.keys()].join(', ')}: take it out of RESERVED_FACTS (the package docs are now its source)`);
  }
}

const cell = (s) => String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
function readBy(e) {
  return [...e.programs].map(([program, jurs]) => {
    const total = jurisdictionsOf.get(program).size;
    if (jurs.size === total) return `${program} (all ${total})`;
    const missing = [...jurisdictionsOf.get(program)].filter((j) => !jurs.has(j)).sort();
    return jurs.size > total / 2 ? `${program} (${jurs.size}: all but ${missing.join(', ')})` : `${program} (${[...jurs].sort().join(', ')})`;
  }).join('; ');
}
function valuesText(e) {
  const distinct = [...new Set(e.values.values())];
  if (distinct.length === 0) return '';
  if (distinct.length === 1) return distinct[0];
  return 'per package (package detail lists them)';
}

const lines = [
  '# The household vocabulary',
  '',
  'Generated by `scripts/generate-household-doc.mjs` from the bundled packages\' input docs (`input_docs`,',
  '`person_input_docs` of every compose spec under `rules/programs/`) and the reserved names in',
  '`scripts/lib/household-vocabulary.mjs`; do not edit by hand (`node scripts/generate-household-doc.mjs`).',
  '',
  'A fact has one name and one meaning in every program. A household gives facts about the whole household in',
  '`household.facts` and facts about one person under `household.people.<id>` (docs/calculation.md); each package',
  'reads the names below that its rules need and lists them, with these same words, in its package detail',
  '(`GET /v1/runtime/packages/{jurisdiction}/{program_id}`). A name may exist at both levels (an income of the',
  'household besides what listed people report, and a person\'s own); each level has its own entry.',
  '',
  '**How this table is kept true** (decided for issue #27): the table is generated from the packages, so it lists',
  'exactly the inputs some package reads, with the words the packages use; `--check` (run by',
  '`tests/rules/household-vocabulary.test.ts`) fails when the file is stale, when two packages describe the same',
  'name at the same level differently (description, period or unit), and when a reserved name is read by a package.',
  'A new program reuses a name by copying its words (the Lifeline generator copies SNAP\'s from each State\'s SNAP',
  'package); new names are written once in `scripts/lib/household-vocabulary.mjs`. Names planned for programs not',
  'yet bundled are listed apart as reserved, so they are not invented twice.',
  '',
  `Packages read: ${[...jurisdictionsOf].map(([p, j]) => `${p} (${j.size})`).join(', ')}.`,
  '',
];
for (const [level, title] of [['household', 'Household facts (`household.facts`)'], ['person', 'Person facts (`household.people.<id>`)']]) {
  lines.push(`## ${title}`, '', '| name | meaning | unit | period | values | type | read by |', '|---|---|---|---|---|---|---|');
  const rows = [...entries.values()].filter((e) => e.level === level).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of rows) {
    lines.push(`| \`${e.name}\`${e.setByService ? ' (set by the service)' : ''} | ${cell(e.description)} | ${cell(e.unit)} | ${cell(e.period)} | ${cell(valuesText(e))} | ${cell(e.type)} | ${cell(readBy(e))} |`);
  }
  lines.push('');
}
lines.push('## Reserved names (no package reads them yet)', '',
  'Planned for the programs of issue #27 not yet bundled and for the screening call of a later issue. Their words are',
  'a draft: the first package that reads one moves it out of `RESERVED_FACTS` and writes its final description.', '',
  '| level | name | meaning | unit | period | values | for |', '|---|---|---|---|---|---|---|');
for (const level of ['household', 'person']) {
  for (const [name, e] of Object.entries(RESERVED_FACTS[level]).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| ${level} | \`${name}\` | ${cell(e.description)} | ${cell(e.unit)} | ${cell(e.period)} | ${cell((e.values ?? []).join(', '))} | ${cell(e.for)} |`);
  }
}
lines.push('', '## How each program reads the facts', '');
for (const program of [...jurisdictionsOf.keys()].sort()) lines.push(`- ${PROGRAM_NOTES[program] ?? `${program}: no note written yet (scripts/generate-household-doc.mjs PROGRAM_NOTES).`}`);
lines.push('', ...TWO_LEVELS_SECTION,
  '## Known rough edges', '',
  '- The SNAP packages\' words came first and some name SNAP (`household_size`: "Number of people in the SNAP household";',
  '  the income facts cite 7 U.S.C. 2014(d)). Lifeline reads the same facts and repeats those words; making them',
  '  program-neutral means regenerating the 53 SNAP compose specs (their package digests change, not their results).',
  '- The membership relation every package uses is SNAP\'s `member_of_snap_household` (one relation per package is',
  '  what the fast path carries; the Lifeline household is every person listed).',
  '');
const text = lines.join('\n');

if (conflicts.length > 0) {
  console.error(`docs/household.md: the packages disagree:\n  ${conflicts.join('\n  ')}`);
  process.exit(1);
}
const target = path.join(root, 'docs/household.md');
if (CHECK) {
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) {
    console.error('out of date (run node scripts/generate-household-doc.mjs): docs/household.md');
    process.exit(1);
  }
  console.log(`docs/household.md up to date (${entries.size} names from ${all.length} packages)`);
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote docs/household.md (${entries.size} names from ${all.length} packages)`);
}
