/**
 * The benefits screener's curve (issue #29 item 6): after each screen, the same family swept over one person's
 * monthly earnings with POST /v1/screen/sweep, drawn as inline SVG: the monthly total of cash and near-cash programs
 * as one path, and every cliff (a program's status changing) as a numbered marker with a tooltip, listed below with
 * its program, rule, sources and the total either side. The total's other breakpoints (mostly whole-dollar rounding
 * steps) are counted per program and rule rather than drawn one by one. It asks for detail "total", exactly what it
 * draws: about 1 MB for a family over $0-6,000 instead of 5 MB with every program's own description.
 * Shown only where the deployment serves the combined sweep; SVG attributes only (the page's CSP allows no style
 * attributes), every API value written with textContent or setAttribute.
 */
import { html, type Html } from './html.js';

/** The earnings range the curve starts with, in dollars a month. */
export const CURVE_RANGE = { from: 0, to: 6000 } as const;

export function curveSection(served: boolean): Html {
  if (!served) return html`<p class="muted" id="screen-curve-missing">This deployment does not serve <code>POST /v1/screen/sweep</code>, so the curve of the total over earnings is not drawn.</p>`;
  return html`<div id="screen-curve-box" hidden>
<h3>The total as earnings change</h3>
<p class="muted small"><code>POST /v1/screen/sweep</code> describes the family's monthly total exactly (not sampled) as one person's earnings vary, every other fact as above; each numbered marker is a cliff: a program's status changes there.</p>
<form id="screen-curve-form" class="field-row">
<label>Earnings of<select id="screen-curve-person"></select></label>
<label>from $<input id="screen-curve-from" type="number" min="0" step="1" value="${CURVE_RANGE.from}"></label>
<label>to $<input id="screen-curve-to" type="number" min="1" step="1" value="${CURVE_RANGE.to}"></label>
<button type="submit" id="screen-curve-run">Draw again</button>
</form>
<p id="screen-curve-status" class="muted" role="status"></p>
<div><svg id="screen-curve" width="100%" viewBox="0 0 640 300" role="img" aria-label="Monthly total of benefits against monthly earnings, cliffs marked"></svg></div>
<ol id="screen-cliffs" class="screen-cliffs"></ol>
<details id="screen-curve-breaks"><summary>Breakpoints of the total by program and rule</summary><ul></ul></details>
</div>`;
}

/** The curve's browser code: defines `screenCurve.draw(request)`, called by the screener after each screen. */
export const CURVE_SCRIPT = String.raw`
var screenCurve = (function () {
  'use strict';
  var box = document.getElementById('screen-curve-box');
  if (!box) return { draw: function () {} };
  var SVG = 'http://www.w3.org/2000/svg';
  var W = 640, H = 300, PAD = 44;
  var chart = document.getElementById('screen-curve');
  var status = document.getElementById('screen-curve-status');
  var cliffList = document.getElementById('screen-cliffs');
  var breaks = document.querySelector('#screen-curve-breaks ul');
  var personSelect = document.getElementById('screen-curve-person');
  var last = null;

  function el(name, attrs, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function html(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function money(n) {
    n = Number(n);
    var whole = Math.round(n * 100) % 100 === 0;
    return '$' + n.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  }
  function words(value) { return String(value).split('_').join(' '); }

  // The persons the axis can take, kept when still in the family; by default the first with earnings.
  function offerPeople(people) {
    var ids = Object.keys(people);
    var kept = personSelect.value;
    personSelect.replaceChildren.apply(personSelect, ids.map(function (id) { return html('option', { value: id }, [id]); }));
    var earner = ids.filter(function (id) { return Number(people[id].earned_income) > 0; })[0];
    personSelect.value = ids.indexOf(kept) !== -1 ? kept : earner || ids[0] || '';
  }

  // Points of the total in chart space, thinned to the first, lowest, highest and last point of each pixel column:
  // a rounding staircase can have thousands of steps, far more than the chart has pixels.
  function pathOf(segments, x, y) {
    var columns = [];
    segments.forEach(function (s) {
      var a = Number(s.from), b = Number(s.to), v = Number(s.value), m = Number(s.slope);
      [[a, v], [b, v + m * (b - a)]].forEach(function (p) {
        var px = x(p[0]), py = y(p[1]), key = Math.round(px);
        var column = columns.length && columns[columns.length - 1].key === key ? columns[columns.length - 1] : null;
        if (!column) columns.push(column = { key: key, points: [] });
        column.points.push([px, py]);
      });
    });
    var d = [];
    columns.forEach(function (c) {
      var pts = c.points, low = pts[0], high = pts[0];
      pts.forEach(function (p) { if (p[1] > low[1]) low = p; if (p[1] < high[1]) high = p; });
      var keep = [pts[0]].concat(pts.indexOf(low) < pts.indexOf(high) ? [low, high] : [high, low], [pts[pts.length - 1]]);
      keep.forEach(function (p, i) { if (i === 0 || p !== keep[i - 1]) d.push((d.length ? 'L' : 'M') + p[0].toFixed(1) + ' ' + p[1].toFixed(1)); });
    });
    return d.join(' ');
  }

  function draw(data) {
    chart.replaceChildren();
    // Drawn at the width it is shown (320 to 640 units), so its text stays readable on a phone.
    W = Math.round(Math.max(320, Math.min(640, chart.getBoundingClientRect().width || 640)));
    chart.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var from = Number(data.axis.from), to = Number(data.axis.to);
    var tops = data.total.segments.map(function (s) { return Math.max(Number(s.value), Number(s.value) + Number(s.slope) * (Number(s.to) - Number(s.from))); });
    var top = Math.max.apply(null, tops.concat([1]));
    var x = function (t) { return PAD + (t - from) / (to - from) * (W - 2 * PAD); };
    var y = function (v) { return H - PAD - v / top * (H - 2 * PAD - 16); };
    chart.appendChild(el('line', { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, stroke: '#888' }));
    chart.appendChild(el('line', { x1: PAD, y1: PAD - 16, x2: PAD, y2: H - PAD, stroke: '#888' }));
    [0, 0.5, 1].forEach(function (f) {
      var t = Math.round(from + f * (to - from));
      chart.appendChild(el('line', { x1: x(t), y1: H - PAD, x2: x(t), y2: H - PAD + 4, stroke: '#888' }));
      chart.appendChild(el('text', { x: x(t), y: H - PAD + 18, 'font-size': 12, 'text-anchor': f === 0 ? 'start' : f === 1 ? 'end' : 'middle' }, money(t)));
    });
    chart.appendChild(el('text', { x: PAD - 4, y: H - PAD, 'font-size': 12, 'text-anchor': 'end' }, '$0'));
    chart.appendChild(el('text', { x: W / 2, y: H - 6, 'font-size': 12, 'text-anchor': 'middle' }, 'earnings of ' + (data.axis.person || 'the household') + ', a month'));
    chart.appendChild(el('text', { x: 4, y: 14, 'font-size': 12 }, money(top) + ' a month in total'));
    chart.appendChild(el('path', { 'class': 'screen-total', d: pathOf(data.total.segments, x, y), fill: 'none', stroke: '#1f6feb', 'stroke-width': 2 }));
    cliffList.replaceChildren();
    var labelled = [];
    data.cliffs.forEach(function (c, i) {
      var at = Number(c.at), label = String(i + 1);
      // Cliffs at (nearly) the same earnings stack their numbers instead of printing them over each other.
      var near = labelled.filter(function (px) { return Math.abs(px - x(at)) < 10; }).length;
      labelled.push(x(at));
      var tip = label + '. ' + money(at) + ': ' + words(c.program_id) + ' ' + c.before + ' \u2192 ' + c.after + ' (' + (c.rule_id || 'no rule named') + '); total ' + money(c.total_before) + ' \u2192 ' + money(c.total_after);
      var mark = el('g', { 'class': 'screen-cliff', 'data-program': c.program_id });
      mark.appendChild(el('title', {}, tip));
      mark.appendChild(el('line', { x1: x(at), y1: PAD - 10, x2: x(at), y2: H - PAD, stroke: '#d1242f', 'stroke-dasharray': '3 3' }));
      mark.appendChild(el('circle', { cx: x(at), cy: y(Number(c.total_after)), r: 4, fill: '#d1242f' }));
      mark.appendChild(el('text', { x: x(at) + 3, y: PAD - 12 + 13 * near, 'font-size': 12, fill: '#d1242f' }, label));
      chart.appendChild(mark);
      cliffList.appendChild(cliffItem(c, data.rules));
    });
    if (!data.cliffs.length) cliffList.appendChild(html('li', { 'class': 'muted' }, ['No program changes status over this range.']));
    countBreaks(data.total.breakpoint_causes);
  }

  function cliffItem(c, rules) {
    var sources = ((rules[c.rule_id] || {}).sources || []).map(function (s) {
      return /^https?:\/\//.test(s) ? html('a', { href: s, rel: 'noreferrer' }, [s]) : document.createTextNode(s);
    });
    var cited = [];
    sources.forEach(function (node, i) { if (i) cited.push('; '); cited.push(node); });
    return html('li', { 'data-program': c.program_id }, [
      html('strong', {}, [money(c.at)]), ': ' + words(c.program_id) + ' ' + c.before + ' \u2192 ' + c.after + ', total ' + money(c.total_before) + ' \u2192 ' + money(c.total_after) + ' a month. ',
      html('code', {}, [c.rule_id || 'no rule named']),
      html('div', { 'class': 'small muted' }, cited),
    ]);
  }

  // The route counts them by cause (detail "total"), most first.
  function countBreaks(causes) {
    breaks.replaceChildren.apply(breaks, causes.map(function (c) { return html('li', {}, [c.breakpoints + ' \u00d7 ', html('code', {}, [c.program_id + ' \u00b7 ' + (c.rule_id || 'no rule named')])]); }));
  }

  function sweep() {
    var from = Number(document.getElementById('screen-curve-from').value);
    var to = Number(document.getElementById('screen-curve-to').value);
    if (!(to > from)) { status.textContent = 'The end of the range must be above its start.'; return; }
    var request = JSON.parse(JSON.stringify(last));
    delete request.questions;
    delete request.trace;
    request.axis = { input: 'earned_income', person: personSelect.value, from: from, to: to };
    request.detail = 'total';
    status.textContent = 'Sweeping...';
    docsApi.withTrialKey('docs benefits screener', function (key) { return docsApi.post('/v1/screen/sweep', request, key); })
      .then(function (data) {
        draw(data);
        var undetermined = data.programs.filter(function (p) { return p.undetermined_facts && p.undetermined_facts.length; }).map(function (p) { return words(p.program_id); });
        status.textContent = data.total.segments.length + ' segments, ' + (data.total.segments.length - 1) + ' breakpoints and ' + data.cliffs.length + ' cliffs in the total' +
          (undetermined.length ? '; drawn on the defaults of facts not given for ' + undetermined.join(', ') : '') + '.';
      })
      .catch(function (error) { status.textContent = 'The sweep failed: ' + error.message; });
  }

  document.getElementById('screen-curve-form').addEventListener('submit', function (event) { event.preventDefault(); if (last) sweep(); });
  return {
    draw: function (request) {
      last = request;
      offerPeople(request.household.people);
      box.hidden = false;
      sweep();
    },
  };
})();
`;
