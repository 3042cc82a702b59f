/**
 * The /docs page's "Benefit curve" example (issue #16): a button that takes a trial key (POST /v1/keys/trial, kept
 * for the tab's session) and sweeps the page's sample household over earned income (POST /v1/calculate/sweep),
 * then draws the exact piecewise answer as an SVG line with every breakpoint marked; the table lists each one with
 * its rule, the many whole-dollar rounding steps of one rule summed up in a single row.
 * Shown only where the deployment serves the sweep route and its sample package takes earned income.
 * The key and the requests go through the page's shared client (docs-trial.ts).
 * The drawing uses SVG attributes only: the page's Content-Security-Policy allows no inline style attributes.
 */
import { html, type Html } from './html.js';

/** The input the example sweeps, and the output it draws (the sample package must have both). */
export const SWEEP_EXAMPLE = { input: 'earned_income', output: 'snap_allotment', from: 0, to: 5000 } as const;

export interface SweepExample {
  /** The sample calculation request of the page (first executable package). */
  sampleRequest: Record<string, unknown>;
}

/** Whether this deployment can run the example: a sweep route, a sample request, a package taking the input. */
export function sweepExampleFor(openapi: Record<string, any>, sampleRequest: Record<string, unknown> | null, packageInputs: readonly string[]): SweepExample | null {
  if (!sampleRequest || !openapi.paths?.['/v1/calculate/sweep']?.post) return null;
  return packageInputs.includes(SWEEP_EXAMPLE.input) ? { sampleRequest } : null;
}

export function sweepSection(example: SweepExample | null): Html {
  if (!example) return html`<p class="muted">This deployment has no sweep route or no package that takes <code>${SWEEP_EXAMPLE.input}</code>, so the interactive example is not shown.</p>`;
  const request = JSON.stringify(example.sampleRequest);
  return html`<p><code>POST /v1/calculate/sweep</code> describes an output exactly over a range of one input: segments (value and slope) and the breakpoints between them, each with the rule that causes it (docs/sweep.md). Below, this deployment's sample household is swept over monthly earned income; the line is drawn from the answer's segments, and each dot is a breakpoint. The button takes a trial key (<code>POST /v1/keys/trial</code>) the first time and keeps it for this tab.</p>
<form id="sweep-form" class="inline-form" data-request="${request}">
  <label>Earned income from $<input id="sweep-from" type="number" min="0" step="1" value="${SWEEP_EXAMPLE.from}"></label>
  <label>to $<input id="sweep-to" type="number" min="1" step="1" value="${SWEEP_EXAMPLE.to}"></label>
  <button id="sweep-run" type="submit">Draw the benefit curve</button>
</form>
<p id="sweep-status" class="muted" role="status"></p>
<div><svg id="sweep-chart" width="100%" viewBox="0 0 640 280" role="img" aria-label="Benefit against earned income"></svg></div>
<div class="table-scroll"><table id="sweep-breakpoints"><thead><tr><th>At (earned income)</th><th>Before</th><th>After</th><th>Rule</th></tr></thead><tbody></tbody></table></div>`;
}

/** The example's browser code (runs under the page's nonce). */
export const SWEEP_SCRIPT = `
(function () {
  var form = document.getElementById('sweep-form');
  if (!form) return;
  var SVG = 'http://www.w3.org/2000/svg';
  var W = 640, H = 280, PAD = 40;
  var status = document.getElementById('sweep-status');
  var chart = document.getElementById('sweep-chart');
  var rows = document.querySelector('#sweep-breakpoints tbody');
  function say(text) { status.textContent = text; }
  function el(name, attrs, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text) node.textContent = text;
    return node;
  }
  function draw(description, from, to) {
    while (chart.firstChild) chart.removeChild(chart.firstChild);
    var points = [];
    description.segments.forEach(function (s) {
      var a = Number(s.from), b = Number(s.to), v = Number(s.value), m = Number(s.slope);
      points.push([a, v], [b, v + m * (b - a)]);
    });
    var top = Math.max.apply(null, points.map(function (p) { return p[1]; }).concat([1]));
    var x = function (t) { return PAD + (t - from) / (to - from) * (W - 2 * PAD); };
    var y = function (v) { return H - PAD - v / top * (H - 2 * PAD); };
    chart.appendChild(el('line', { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, stroke: '#888' }));
    chart.appendChild(el('line', { x1: PAD, y1: PAD, x2: PAD, y2: H - PAD, stroke: '#888' }));
    chart.appendChild(el('text', { x: PAD, y: H - 12, 'font-size': 11 }, '$' + from));
    chart.appendChild(el('text', { x: W - PAD, y: H - 12, 'font-size': 11, 'text-anchor': 'end' }, '$' + to + ' earned per month'));
    chart.appendChild(el('text', { x: 4, y: PAD - 8, 'font-size': 11 }, '$' + top + ' benefit'));
    description.segments.forEach(function (s) {
      var a = Number(s.from), b = Number(s.to), v = Number(s.value), m = Number(s.slope);
      chart.appendChild(el('line', { 'class': 'sweep-segment', x1: x(a), y1: y(v), x2: x(b), y2: y(v + m * (b - a)), stroke: '#1f6feb', 'stroke-width': 2 }));
    });
    while (rows.firstChild) rows.removeChild(rows.firstChild);
    // Whole-dollar rounding makes hundreds of small steps from one rule: drawn faint and summed up in one row,
    // so the breaks that matter (limits, caps, the minimum benefit) stand out.
    var counts = {};
    description.breakpoints.forEach(function (bp) { counts[bp.rule_id] = (counts[bp.rule_id] || 0) + 1; });
    var stepRule = Object.keys(counts).sort(function (a, b) { return counts[b] - counts[a]; })[0];
    if (!(counts[stepRule] > 10 && counts[stepRule] * 2 > description.breakpoints.length)) stepRule = undefined;
    description.breakpoints.forEach(function (bp) {
      var step = String(bp.rule_id) === stepRule;
      var dot = el('circle', { 'class': step ? 'sweep-step' : 'sweep-breakpoint', cx: x(Number(bp.at)), cy: y(Number(bp.after)), r: step ? 1.5 : 4, fill: step ? '#9aa4b2' : '#d1242f' });
      dot.appendChild(el('title', {}, '$' + bp.at + ': ' + bp.before + ' -> ' + bp.after + ' (' + (bp.rule_id || 'no rule named') + ')'));
      chart.appendChild(dot);
      if (!step) addRow([String(bp.at), String(bp.before), String(bp.after)], bp.rule_id || '-');
    });
    if (stepRule) addRow([counts[stepRule] + ' rounding steps', '', ''], stepRule);
  }
  function addRow(cells, rule) {
    var tr = document.createElement('tr');
    cells.forEach(function (text) { var td = document.createElement('td'); td.textContent = text; tr.appendChild(td); });
    var td = document.createElement('td'); var code = document.createElement('code'); code.textContent = rule; td.appendChild(code); tr.appendChild(td);
    rows.appendChild(tr);
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var from = Number(document.getElementById('sweep-from').value);
    var to = Number(document.getElementById('sweep-to').value);
    if (!(to > from)) { say('The end of the range must be above its start.'); return; }
    var request = JSON.parse(form.getAttribute('data-request'));
    request.axis = { input: '${SWEEP_EXAMPLE.input}', from: from, to: to };
    delete request.variables;
    request.outputs = ['${SWEEP_EXAMPLE.output}'];
    say('Sweeping...');
    docsApi.withTrialKey('docs benefit curve', function (key) { return docsApi.post('/v1/calculate/sweep', request, key); })
      .then(function (data) {
        var description = data.outputs['${SWEEP_EXAMPLE.output}'];
        draw(description, from, to);
        say(description.segments.length + ' segments, ' + description.breakpoints.length + ' breakpoints (package ' + data.package_digest.slice(0, 19) + '...).');
      })
      .catch(function (error) { say('The sweep failed: ' + error.message); });
  });
})();
`;
