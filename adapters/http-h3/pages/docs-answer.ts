/**
 * The /docs section "Reading a calculation answer": the fields of a calculate result, generated from the served
 * OpenAPI document (its schema and descriptions), so a field the API adds or drops shows here without an edit.
 * Spec fields the schema leaves undescribed get a short gloss written here.
 */
import { html, Html } from './html.js';

type Json = Record<string, any>;

export interface FieldRow {
  name: string;
  meaning: string | null;
}

/** Meanings of the spec fields whose schema carries no description (extensions describe themselves). */
const GLOSS: Record<string, string> = {
  engine: 'the engine that answered (tenet-rulespec)',
  runtime: '{id, mode}: compiled when the engine evaluated the rules, fixture when the outputs are recorded ones',
  program_id: 'the program of the package that ran',
  jurisdiction: 'the jurisdiction of the package that ran',
  outputs: 'the figures asked for, keyed by the name you requested (the package defaults when variables is omitted); judgments are true, false or null (undetermined)',
  trace: 'every rule computed, dependencies first: one entry per rule and entity (fields below)',
  warnings: 'never empty: the experimental notice first, then what the caller must know about this result (below)',
  rule_id: 'the durable rule id; GET /v1/rules/{rule_id} reads the rule',
  variable: "the rule's local name",
  value: 'the computed value',
  sources: "the rule's citation, a link to the legal text and the citation path of its module",
};

function resolveRef(doc: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return doc.components?.schemas?.[ref.split('/').pop()!] as Json | undefined;
}

/** The schema of `data` in the 200 answer of POST /v1/calculate, or undefined when the document has none. */
function calculateData(doc: Json): Json | undefined {
  const envelope = resolveRef(doc, doc.paths?.['/v1/calculate']?.post?.responses?.['200']?.content?.['application/json']?.schema);
  return resolveRef(doc, envelope?.properties?.data);
}

function rowsOf(doc: Json, schema: Json | undefined): FieldRow[] {
  const properties = (resolveRef(doc, schema)?.properties ?? {}) as Record<string, Json>;
  return Object.entries(properties).map(([name, field]) => ({
    name,
    meaning: typeof field.description === 'string' ? field.description : (GLOSS[name] ?? null),
  }));
}

/** The answer's fields, a trace entry's and an assumption's, as the served document declares them. */
export function answerFields(doc: Json): { answer: FieldRow[]; trace: FieldRow[]; assumption: FieldRow[] } {
  const data = calculateData(doc);
  const field = (name: string) => resolveRef(doc, data?.properties?.[name]);
  return { answer: rowsOf(doc, data), trace: rowsOf(doc, field('trace')?.items), assumption: rowsOf(doc, field('assumptions')?.items) };
}

function fieldTable(id: string, rows: FieldRow[]): Html {
  return html`<div class="table-scroll reflow"><table id="${id}"><thead><tr><th>Field</th><th>Meaning</th></tr></thead><tbody>
${rows.map((r) => html`<tr><td><code>${r.name}</code></td><td>${r.meaning ?? html`<span class="muted">—</span>`}</td></tr>`)}
</tbody></table></div>`;
}

const TRACE_EXAMPLE = JSON.stringify({
  rule_id: 'us:statutes/7/2012/j#snap_person_is_elderly_or_disabled',
  variable: 'snap_person_is_elderly_or_disabled',
  entity: 'Person',
  entity_id: 'parent',
  value: false,
  sources: ['7 U.S.C. 2012(j); 7 CFR 271.2 (definition of elderly or disabled member)', 'https://www.law.cornell.edu/uscode/text/7/2012', 'us/statute/7/2012/j'],
});

const ASSUMPTION_EXAMPLE = JSON.stringify({
  input: 'citizenship_status',
  entity: 'Person',
  entity_id: 'parent',
  assumed_value: 'citizen',
  message: 'Person parent: citizenship_status not given, assumed "citizen"; it matters because ... Give household.people.parent.citizenship_status to confirm or correct it.',
});

export function answerSection(doc: Json): Html {
  const { answer, trace, assumption } = answerFields(doc);
  if (answer.length === 0) return html`<p class="muted">This deployment serves no <code>POST /v1/calculate</code>.</p>`;
  return html`<p>The <code>data</code> of a <code>POST /v1/calculate</code> answer (each result of a batch or job has the same fields), from the served OpenAPI document:</p>
${fieldTable('answer-fields', answer)}
<h3>Trace entries: whose value it is</h3>
<p>A rule is evaluated per entity, so a person-level rule appears once per person; <code>entity</code> and <code>entity_id</code> say whose value each entry is (the household, or a person by the key you gave in <code>household.people</code>). Follow the trace down from an output to check it by hand against the cited law.</p>
${trace.length > 0 ? fieldTable('trace-fields', trace) : ''}
<pre><code>${TRACE_EXAMPLE}</code></pre>
<h3>Assumptions: defaults that could change the answer</h3>
<p>When the household leaves out a fact whose package default could change <em>its</em> outcome (a listed person is assumed a citizen, not a student, ...), the result names it in <code>assumptions</code>, one entry per entity and fact, so you can ask the right follow-up question; <code>[]</code> when nothing material was assumed.</p>
${assumption.length > 0 ? fieldTable('assumption-fields', assumption) : ''}
<pre><code>${ASSUMPTION_EXAMPLE}</code></pre>
<h3>Warnings</h3>
<p>Besides the experimental notice, a warning tells you when:</p>
<ul id="warning-kinds">
  <li><strong>figures were carried forward</strong>: the month lies after the last fiscal year the package encodes; the warning names the parameters read and the year of their figures;</li>
  <li><strong>an unverified figure was used</strong>: a parameter version that could not be checked against its primary source; the warning names the parameter, its <code>effective_from</code> and why;</li>
  <li><strong>defaults were relied on</strong>: a summary of <code>assumptions</code>;</li>
  <li>something you sent was <strong>not used</strong>: an unrecognised household key, extra SPM units, person facts in <code>household.facts</code> with nobody listed in <code>household.people</code>;</li>
  <li>an invalid <code>period</code> fell back to the default period, or the outputs are recorded (fixture runtime), not computed.</li>
</ul>`;
}
