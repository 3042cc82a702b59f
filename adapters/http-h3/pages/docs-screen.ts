/**
 * The /docs page's "Benefits screener" (issue #29 item 6): a small form for a family (State, month, rent, and per
 * person the relationship, age, earnings, school and pregnancy) screened with POST /v1/screen through the page's
 * trial key (docs-trial.ts). The script shows each program's status, amount and period, the deciding rule with its
 * sources, the totals and the next questions; answering a question adds the fact to the family and screens again.
 * Each screen then draws the family's total over earnings (docs-screen-curve.ts).
 * Every value from the API is written with textContent or setAttribute: never as markup.
 */
import { curveSection } from './docs-screen-curve.js';
import { html, type Html } from './html.js';

/** Next questions the page asks the screen for. */
export const SCREEN_QUESTIONS = 6;

/** The relationships a person may have to the head (the tax credits read them; docs/household.md). */
const RELATIONSHIPS = ['head', 'spouse', 'child', 'other_relative', 'non_relative'] as const;
type Relationship = (typeof RELATIONSHIPS)[number];

interface PersonDraft {
  relationship: Relationship;
  age?: number;
  earnings?: number;
}

/** The family the form starts with: a parent earning $2,000 a month and a child of 8, rent $900. */
export const STARTING_FAMILY: { rent: number; people: readonly PersonDraft[] } = {
  rent: 900,
  people: [
    { relationship: 'head', age: 34, earnings: 2000 },
    { relationship: 'child', age: 8 },
  ],
};

export interface ScreenExample {
  /** Jurisdictions a screen can run in, with their names, in the order shown. */
  jurisdictions: ReadonlyArray<{ id: string; name: string }>;
  selected: string;
  /** `YYYY-MM`, the month the form starts with. */
  period: string;
  /** Whether the deployment serves POST /v1/screen/sweep (the curve of the total over earnings). */
  curve: boolean;
}

/** The example where this deployment serves POST /v1/screen and can screen some jurisdiction; else null. */
export function screenExampleFor(openapi: Record<string, any>, jurisdictions: ScreenExample['jurisdictions'], preferred: string | undefined, period: string): ScreenExample | null {
  if (!openapi.paths?.['/v1/screen']?.post || jurisdictions.length === 0) return null;
  const selected = jurisdictions.some((j) => j.id === preferred) ? preferred! : jurisdictions[0].id;
  return { jurisdictions, selected, period, curve: Boolean(openapi.paths['/v1/screen/sweep']?.post) };
}

const yesNo = (field: string, label: string): Html =>
  html`<label>${label}<select data-field="${field}" data-kind="boolean"><option value="">not said</option><option value="true">yes</option><option value="false">no</option></select></label>`;

function personRow(person: PersonDraft): Html {
  return html`<fieldset class="screen-person"><legend>Person <code class="screen-person-id"></code></legend><div class="field-row">
<label>Relationship<select data-field="relationship_to_head" data-kind="text">${RELATIONSHIPS.map((r) => html`<option value="${r}"${r === person.relationship ? ' selected' : ''}>${r.replace('_', ' ')}</option>`)}</select></label>
<label>Age<input data-field="age" data-kind="number" type="number" min="0" max="130" step="1" required value="${person.age ?? ''}"></label>
<label>Earnings, $ a month<input data-field="earned_income" data-kind="number" type="number" min="0" step="0.01" placeholder="not said" value="${person.earnings ?? ''}"></label>
${yesNo('is_in_school', 'In school')}${yesNo('is_pregnant', 'Pregnant')}
<button type="button" class="secondary screen-remove">Remove</button>
</div><ul class="plain screen-added"></ul></fieldset>`;
}

export function screenSection(example: ScreenExample | null): Html {
  if (!example) return html`<p class="muted">This deployment does not serve <code>POST /v1/screen</code> or has no screenable program, so the screener is not shown.</p>`;
  return html`<p><code>POST /v1/screen</code> runs every program bundled for a State on one household in one evaluation (docs/screening.md): for each, eligible, ineligible or undetermined (a fact not given decides it), the amount and its period, and the rule that decided it with its legal sources. Fill in a family; the button takes a trial key (<code>POST /v1/keys/trial</code>) the first time and keeps it for this tab. Fields left at "not said" are not sent: the answer says what it assumed and asks about the facts that matter most. Answer a question to add the fact and screen again.</p>
<form id="screen-form" class="screen-form" data-questions="${SCREEN_QUESTIONS}">
<div class="field-row">
<label>State<select id="screen-jurisdiction">${example.jurisdictions.map((j) => html`<option value="${j.id}"${j.id === example.selected ? ' selected' : ''}>${j.name} (${j.id})</option>`)}</select></label>
<label>Month<input id="screen-period" type="month" required value="${example.period}"></label>
<label>Rent or mortgage, $ a month<input data-fact="shelter_costs" data-kind="number" type="number" min="0" step="0.01" placeholder="not said" value="${STARTING_FAMILY.rent}"></label>
</div>
<div id="screen-people">${STARTING_FAMILY.people.map(personRow)}</div>
<ul id="screen-household-added" class="plain screen-added"></ul>
<div class="field-row"><button type="button" class="secondary" id="screen-add-person">Add a person</button><button type="submit" id="screen-run">Screen this family</button></div>
</form>
<template id="screen-person-template">${personRow({ relationship: 'child' })}</template>
<p id="screen-status" class="muted" role="status"></p>
<div id="screen-results" hidden></div>
${curveSection(example.curve)}`;
}

/** The screener's browser code (runs under the page's nonce, after docs-trial.ts's client and the curve's code). */
export const SCREEN_SCRIPT = String.raw`
(function () {
  'use strict';
  var form = document.getElementById('screen-form');
  if (!form) return;
  var people = document.getElementById('screen-people');
  var template = document.getElementById('screen-person-template');
  var status = document.getElementById('screen-status');
  var results = document.getElementById('screen-results');
  var householdAdded = document.getElementById('screen-household-added');
  var QUESTIONS = Number(form.getAttribute('data-questions'));
  // Facts added by answering questions that the form has no field for: per person row, and for the household.
  var personExtras = new WeakMap();
  var householdExtras = {};
  var ID_PREFIX = { head: 'head', spouse: 'spouse', child: 'child', other_relative: 'relative', non_relative: 'other' };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function say(kind, message) {
    status.className = kind === 'error' ? 'notice error' : 'muted';
    status.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    status.textContent = message;
  }
  function words(value) { return typeof value === 'string' ? value.split('_').join(' ') : String(value); }
  function shown(value) { return typeof value === 'boolean' ? (value ? 'yes' : 'no') : words(value); }
  function money(n) {
    var whole = Math.round(n * 100) % 100 === 0;
    return '$' + Number(n).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  }
  function per(period) { return period === 'year' ? ' a year' : ' a month'; }
  function rows() { return Array.prototype.slice.call(people.querySelectorAll('.screen-person')); }
  function field(scope, selector) { return scope.querySelector(selector); }

  // Person ids from relationships (head, spouse, child_1, child_2, ...): the answer and its questions name them.
  function assignIds() {
    var counts = {};
    rows().forEach(function (row) {
      var prefix = ID_PREFIX[field(row, '[data-field="relationship_to_head"]').value] || 'person';
      counts[prefix] = (counts[prefix] || 0) + 1;
      var id = (prefix === 'head' || prefix === 'spouse') && counts[prefix] === 1 ? prefix : prefix + '_' + counts[prefix];
      row.setAttribute('data-person', id);
      field(row, '.screen-person-id').textContent = id;
    });
  }
  function valueOf(input) {
    if (input.value === '') return undefined;
    var kind = input.getAttribute('data-kind');
    if (kind === 'boolean') return input.value === 'true';
    if (kind === 'number') return Number(input.value);
    return input.value;
  }
  function collect(scope, attribute, into) {
    scope.querySelectorAll('[' + attribute + ']').forEach(function (input) {
      var value = valueOf(input);
      if (value !== undefined) into[input.getAttribute(attribute)] = value;
    });
    return into;
  }
  function household() {
    assignIds();
    var members = {};
    rows().forEach(function (row) {
      members[row.getAttribute('data-person')] = Object.assign(collect(row, 'data-field', {}), personExtras.get(row) || {});
    });
    var facts = Object.assign(collect(form.querySelector('.field-row'), 'data-fact', {}), householdExtras);
    return { period: document.getElementById('screen-period').value, facts: facts, people: members };
  }

  // The added facts, each with a button that takes it back out.
  function showAdded() {
    assignIds();
    rows().forEach(function (row) { listAdded(field(row, '.screen-added'), personExtras.get(row) || {}, row.getAttribute('data-person')); });
    listAdded(householdAdded, householdExtras, 'household');
  }
  function listAdded(list, extras, owner) {
    list.replaceChildren();
    Object.keys(extras).forEach(function (input) {
      var remove = el('button', { type: 'button', class: 'secondary small-button', 'aria-label': 'Remove ' + owner + ' ' + input }, ['remove']);
      remove.addEventListener('click', function () { delete extras[input]; showAdded(); });
      list.appendChild(el('li', {}, [owner + ': ', el('code', {}, [input]), ' = ' + shown(extras[input]) + ' ', remove]));
    });
  }

  // An answer goes into the form's field for the fact when it has one, else into the added facts.
  function answer(question, value) {
    var parts = question.where.split('.');
    if (parts[0] !== 'household') return false;
    if (parts[1] === 'facts') return setFact(form.querySelector('.field-row'), 'data-fact', parts.slice(2).join('.'), value, householdExtras);
    if (parts[1] !== 'people') return false;
    assignIds();
    var row = rows().filter(function (r) { return r.getAttribute('data-person') === parts[2]; })[0];
    if (!row) return false;
    if (!personExtras.has(row)) personExtras.set(row, {});
    return setFact(row, 'data-field', parts.slice(3).join('.'), value, personExtras.get(row));
  }
  function setFact(scope, attribute, input, value, extras) {
    var control = scope.querySelector('[' + attribute + '="' + CSS.escape(input) + '"]');
    if (control) control.value = String(value);
    else extras[input] = value;
    return true;
  }

  function run() {
    var request = { jurisdiction: document.getElementById('screen-jurisdiction').value, household: household(), questions: QUESTIONS, trace: 'none' };
    say('info', 'Screening...');
    return docsApi.withTrialKey('docs benefits screener', function (key) { return docsApi.post('/v1/screen', request, key); })
      .then(function (data) {
        render(data);
        screenCurve.draw(request);
        say('info', data.programs.length + ' programs screened for ' + data.jurisdiction + ', ' + data.period + ' (package ' + data.package_digest.slice(0, 19) + '...).');
      })
      .catch(function (error) { say('error', 'The screen failed: ' + error.message); });
  }

  function render(data) {
    results.replaceChildren(totals(data.totals), el('h3', {}, ['Programs']), el('div', { class: 'screen-programs', id: 'screen-programs' }, data.programs.map(program)));
    if (data.questions) results.appendChild(questions(data.questions, data.assumptions));
    results.appendChild(details('Assumptions (' + data.assumptions.length + ')', data.assumptions.map(function (a) { return a.message; }), 'screen-assumptions'));
    results.appendChild(details('Warnings (' + data.warnings.length + ')', data.warnings, 'screen-warnings'));
    results.hidden = false;
  }
  function card(label, value, note) {
    return el('div', { class: 'card' }, [el('div', { class: 'label' }, [label]), el('div', { class: 'value' }, [value]), el('div', { class: 'muted small' }, [note])]);
  }
  function names(list) { return list.length ? list.map(words).join(', ') : 'none'; }
  function totals(t) {
    return el('div', { class: 'cards', id: 'screen-totals' }, [
      card('Monthly total', money(t.monthly.total), 'cash ' + money(t.monthly.cash) + ', near cash ' + money(t.monthly.near_cash)),
      card('Annual total', money(t.annual.total), 'cash ' + money(t.annual.cash) + ', near cash ' + money(t.annual.near_cash)),
      card('Coverage and services', String(t.coverage.length + t.services.length), names(t.coverage.concat(t.services))),
      card('Undetermined', String(t.undetermined.length), names(t.undetermined)),
    ]);
  }

  var KINDS = { cash: 'cash', near_cash: 'near cash', coverage: 'health coverage', service: 'a service' };
  function amountLine(p) {
    if (p.error) return 'Not computed: ' + p.error.message;
    var whom = p.recipient.type === 'tax_unit' ? ' for the tax unit' : p.recipient.type === 'household' ? ' for the household' : p.recipient.people && p.recipient.people.length ? ' for ' + p.recipient.people.join(', ') : '';
    var what = KINDS[p.kind] + whom;
    if (p.range && p.range.min !== null && p.range.max !== null) return money(p.range.min) + ' to ' + money(p.range.max) + per(p.amount_period) + ' depending on facts not given (' + what + ')';
    if (p.amount !== null) return money(p.amount) + per(p.amount_period) + ' (' + what + ')';
    return p.kind === 'coverage' || p.kind === 'service' ? what : what + '; no amount encoded';
  }
  function sourceList(sources) {
    return el('ul', { class: 'screen-sources' }, sources.map(function (s) {
      if (!/^https?:\/\//.test(s)) return el('li', {}, [s]);
      return el('li', {}, [el('a', { href: s, rel: 'noreferrer' }, [s])]);
    }));
  }
  function rule(label, r) {
    var value = r.value === undefined ? '' : ' = ' + JSON.stringify(r.value);
    return el('div', { class: 'screen-rule' }, [el('div', {}, [label + ' ', el('code', {}, [r.rule_id]), value]), sourceList(r.sources)]);
  }
  function program(p) {
    var body = [
      el('h4', {}, [el('span', {}, [words(p.program_id)]), el('span', { class: 'status ' + p.status }, [p.status])]),
      el('p', { class: 'screen-amount' }, [amountLine(p)]),
    ];
    if (p.range && p.range.facts.length) body.push(el('p', { class: 'small' }, ['Depends on: ', el('code', {}, [p.range.facts.join(', ')])]));
    if (p.decided_by) body.push(rule('Decided by', p.decided_by));
    if (p.amount_rule) body.push(rule('Amount from', p.amount_rule));
    p.links.filter(function (l) { return l.used; }).forEach(function (l) { body.push(el('p', { class: 'small muted' }, ['Qualified through ' + words(l.program) + ' (computed for this household).'])); });
    // Its own warnings (an unverified or carried-forward figure it read), folded: they are long.
    if (p.warnings.length) body.push(details('Warnings (' + p.warnings.length + ')', p.warnings, null));
    return el('article', { class: 'screen-program', 'data-program': p.program_id, 'data-status': p.status }, body);
  }

  // The values to offer for a question: the default the answer assumed, then the other values tried.
  function choices(question, assumptions) {
    var assumed = assumptions.filter(function (a) { return a.input === question.input && a.entity_id === question.entity_id; })[0];
    var values = assumed ? [assumed.assumed_value].concat(question.values) : question.values.slice();
    return values.filter(function (v, i) { return values.indexOf(v) === i; });
  }
  function answerControls(question, assumptions) {
    var values = choices(question, assumptions);
    var submit = function (value) { if (answer(question, value)) { showAdded(); run(); } };
    if (values.every(function (v) { return typeof v === 'number'; })) {
      var input = el('input', { type: 'number', min: '0', step: '0.01', 'aria-label': question.input, placeholder: 'amount in $' });
      var add = el('button', { type: 'button', class: 'screen-answer' }, ['Add']);
      add.addEventListener('click', function () { if (input.value !== '') submit(Number(input.value)); });
      return el('div', { class: 'answers' }, [input, add]);
    }
    return el('div', { class: 'answers' }, values.map(function (value) {
      var button = el('button', { type: 'button', class: 'secondary screen-answer', 'data-value': JSON.stringify(value) }, [shown(value)]);
      button.addEventListener('click', function () { submit(value); });
      return button;
    }));
  }
  function questions(list, assumptions) {
    var items = list.map(function (q) {
      var range = q.total_monthly.min === q.total_monthly.max ? money(q.total_monthly.min) : money(q.total_monthly.min) + ' to ' + money(q.total_monthly.max);
      var effect = 'Monthly total ' + range + '; moves ' + names(q.programs) + (q.changes_coverage ? '; changes coverage' : '') + '. Sent as ';
      return el('li', { class: 'screen-question', 'data-where': q.where }, [
        el('p', {}, [q.question]),
        el('p', { class: 'small muted' }, [effect, el('code', {}, [q.where])]),
        answerControls(q, assumptions),
      ]);
    });
    var box = el('div', { id: 'screen-questions' }, [el('h3', {}, ['What to ask next'])]);
    box.appendChild(items.length ? el('ol', {}, items) : el('p', { class: 'muted' }, ['No fact left out could change the answer.']));
    return box;
  }
  function details(title, lines, id) {
    return el('details', id ? { id: id } : {}, [el('summary', {}, [title]), el('ul', {}, lines.map(function (line) { return el('li', {}, [line]); }))]);
  }

  document.getElementById('screen-add-person').addEventListener('click', function () {
    people.appendChild(template.content.cloneNode(true));
    showAdded();
  });
  people.addEventListener('click', function (event) {
    var target = event.target;
    if (target && target.classList && target.classList.contains('screen-remove')) { target.closest('.screen-person').remove(); showAdded(); }
  });
  people.addEventListener('change', showAdded);
  form.addEventListener('submit', function (event) { event.preventDefault(); run(); });
  showAdded();
})();
`;
