/**
 * GET /docs/validation: the validation dashboard. The page carries no data: its script asks for an API key
 * with admin:analytics, keeps it in sessionStorage only (gone when the tab closes), and loads
 * GET /v1/admin/validation/runs and GET /v1/admin/analytics from this origin; a run opens from
 * GET /v1/admin/validation/runs/{run_id}. Every value is written with textContent, never as markup. Endpoints
 * that answer 404 (not built on this deployment) get a clear notice; a refused key (401) is cleared at once.
 */
import { html, page } from './html.js';

export const KEY_STORAGE_NAME = 'tenet.validation.key';

const SCRIPT = String.raw`
(function () {
  'use strict';
  var STORE = '${KEY_STORAGE_NAME}';
  var form = document.getElementById('key-form');
  var input = document.getElementById('api-key');
  var forget = document.getElementById('forget-key');
  var status = document.getElementById('status');
  var results = document.getElementById('results');
  var currentKey = null;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function text(v) {
    if (v === null || v === undefined) return '—';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  function num(v) { return typeof v === 'number' ? v.toLocaleString('en-US') : text(v); }
  function pct(part, whole) { return typeof part === 'number' && typeof whole === 'number' && whole > 0 ? Math.round((part / whole) * 1000) / 10 : null; }
  function setStatus(kind, message) {
    status.className = kind === 'error' ? 'notice error' : 'muted';
    status.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    status.textContent = message;
  }
  function notice(container, kind, message) { container.replaceChildren(el('div', { class: 'notice ' + kind, role: kind === 'error' ? 'alert' : 'status' }, [message])); }
  function when(v) { return typeof v === 'string' ? v.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : text(v); }
  // Router patterns as readers know them: /v1/rules/**:rule_id -> /v1/rules/{rule_id}.
  function readableRoute(route) { return String(route).replace(/\/\*\*:([A-Za-z0-9_]+)/g, '/{$1}').replace(/\/:([A-Za-z0-9_]+)/g, '/{$1}'); }
  function card(label, value, id, small) {
    var v = el('div', { class: small ? 'value small' : 'value' }, [value]);
    if (id) v.id = id;
    return el('div', { class: 'card' }, [el('div', { class: 'label' }, [label]), v]);
  }
  // A table inside its own horizontal scroller: a wide table never widens the page.
  function table(headers, rows, numeric, id) {
    var head = el('tr', {}, headers.map(function (h, i) { return el('th', numeric[i] ? { class: 'num' } : {}, [h]); }));
    var body = rows.map(function (cells) {
      return el('tr', {}, cells.map(function (c, i) { return el('td', numeric[i] ? { class: 'num' } : {}, [c]); }));
    });
    var tbl = el('table', id ? { id: id } : {}, [el('thead', {}, [head]), el('tbody', {}, body)]);
    return el('div', { class: 'table-scroll' }, [tbl]);
  }
  function bar(percent) {
    var fill = el('span');
    fill.style.width = Math.max(0, Math.min(100, percent || 0)) + '%';
    return el('div', { class: 'bar', title: percent === null ? 'no data' : percent + '%' }, [fill]);
  }

  function explain(path, res) {
    if (res.error) return ['error', 'Could not reach ' + path + ': ' + res.error];
    var api = res.body && res.body.error ? res.body.error : null;
    var detail = api ? ' (' + api.code + ': ' + api.message + ')' : '';
    switch (res.status) {
      case 404: return ['warn', 'Not available on this deployment yet: GET ' + path + ' answered 404. The endpoint is not built or not enabled here, so there is nothing to show.'];
      case 403: return ['error', 'The key lacks the scope this needs (403)' + detail + '. Use a key with admin:analytics.'];
      case 429: return ['error', 'Rate limited (429)' + detail + '. Try again in ' + text(api && res.body.data ? res.body.data.retry_after_seconds : null) + ' s.'];
      case 503: return ['error', 'The service could not answer (503)' + detail + '.'];
      default: return ['error', 'GET ' + path + ' answered HTTP ' + res.status + detail + '.'];
    }
  }

  function get(path, key) {
    return fetch(path, { headers: { 'x-api-key': key, accept: 'application/json' }, cache: 'no-store', credentials: 'omit' }).then(
      function (response) {
        return response.text().then(function (t) {
          var body = null;
          try { body = JSON.parse(t); } catch (e) { body = null; }
          return { status: response.status, body: body };
        });
      },
      function (error) { return { status: 0, error: String(error && error.message ? error.message : error) }; },
    );
  }

  // A refused key (401) is forgotten at once and explained once, whichever request saw it.
  function refused(res) {
    var api = res.body && res.body.error ? res.body.error : null;
    sessionStorage.removeItem(STORE);
    currentKey = null;
    input.value = '';
    results.hidden = true;
    setStatus('error', 'The key was refused (401' + (api ? ': ' + api.message : '') + '). It is unknown, expired or revoked, and has been cleared from this tab. Enter a key with admin:analytics.');
    input.focus();
  }

  // ---- validation runs

  function renderRuns(container, res) {
    var path = '/v1/admin/validation/runs';
    if (res.status !== 200 || !res.body || !res.body.data) { var m = explain(path, res); return notice(container, m[0], m[1]); }
    var runs = Array.isArray(res.body.data.runs) ? res.body.data.runs : [];
    if (runs.length === 0) return notice(container, 'info', 'No validation runs have been recorded yet (POST /v1/admin/validation/runs publishes one).');
    var latest = runs[0];
    var t = latest.totals || {};
    var parityTotal = (t.parity_match || 0) + (t.parity_diff || 0);
    var cards = el('div', { class: 'cards' }, [
      card('Runs recorded', num(runs.length), 'runs-count'),
      card('Latest run', when(latest.recorded_at), 'latest-run', true),
      card('Coverage (latest)', pct(t.covered, t.variables) === null ? '—' : pct(t.covered, t.variables) + '%'),
      card('Parity match (latest)', pct(t.parity_match, parityTotal) === null ? '—' : pct(t.parity_match, parityTotal) + '%'),
    ]);
    var rows = runs.map(function (r) {
      var tt = r.totals || {};
      var coverage = pct(tt.covered, tt.variables);
      var open = el('button', { type: 'button', class: 'secondary open-run', 'data-run-id': String(r.id) }, ['Open']);
      open.addEventListener('click', function () { openRun(String(r.id)); });
      return [
        open, when(r.recorded_at), text(r.kind),
        el('div', { class: 'coverage' }, [bar(coverage), document.createTextNode(coverage === null ? '—' : coverage + '% of ' + num(tt.variables))]),
        num(tt.parity_match), num(tt.parity_diff), num(tt.drift_diff), num(tt.uncovered),
        r.avg_case_latency_ms === null || r.avg_case_latency_ms === undefined ? '—' : num(r.avg_case_latency_ms) + ' ms',
      ];
    });
    var tbl = table(['', 'Recorded', 'Kind', 'Covered', 'Parity match', 'Parity diff', 'Drift diff', 'Uncovered', 'Avg case latency'], rows, [false, false, false, false, true, true, true, true, true], 'runs-table');
    container.replaceChildren(cards, tbl, el('div', { id: 'run-detail' }));
  }

  // expected / actual / difference of a row or a case's changed entry, whatever the publisher named them.
  function pick(o, names) { for (var i = 0; i < names.length; i++) if (o && o[names[i]] !== undefined) return o[names[i]]; return undefined; }
  function difference(o) {
    var expected = pick(o, ['expected', 'expected_value', 'reference', 'baseline']);
    var actual = pick(o, ['actual', 'actual_value', 'value', 'tenet']);
    var delta = pick(o, ['delta', 'difference', 'diff']);
    if (delta === undefined && typeof expected === 'number' && typeof actual === 'number') delta = Math.round((actual - expected) * 100) / 100;
    return { variable: pick(o, ['variable', 'name', 'output']), expected: expected, actual: actual, delta: delta };
  }
  function signed(delta) { return typeof delta === 'number' ? (delta > 0 ? '+' : '') + delta.toLocaleString('en-US') : text(delta); }
  function changedOf(c) {
    var list = pick(c, ['changed', 'differences', 'diffs']);
    if (!Array.isArray(list) && c && c.comparison) list = pick(c.comparison, ['changed', 'differences']);
    return Array.isArray(list) ? list : [];
  }
  function columnsOf(objects) {
    var keys = [];
    objects.forEach(function (o) { Object.keys(o || {}).forEach(function (k) { if (keys.indexOf(k) === -1) keys.push(k); }); });
    return keys;
  }
  function freeTable(objects, id) {
    var keys = columnsOf(objects);
    return table(keys, objects.map(function (o) { return keys.map(function (k) { return text(o[k]); }); }), keys.map(function () { return false; }), id);
  }

  function openRun(id) {
    var detail = document.getElementById('run-detail');
    if (!detail || !currentKey) return;
    var path = '/v1/admin/validation/runs/' + encodeURIComponent(id);
    notice(detail, 'info', 'Loading run ' + id + '…');
    get(path, currentKey).then(function (res) {
      if (res.status === 401) return refused(res);
      if (res.status !== 200 || !res.body || !res.body.data) { var m = explain(path, res); return notice(detail, m[0], m[1]); }
      renderRun(detail, res.body.data);
      detail.scrollIntoView({ block: 'start' });
    });
  }

  function renderRun(container, run) {
    var rows = Array.isArray(run.rows) ? run.rows : [];
    var cases = Array.isArray(run.cases) ? run.cases : [];
    var versions = run.model_versions && typeof run.model_versions === 'object' ? run.model_versions : null;
    var identity = table(['Field', 'Value'], [
      ['Run id', el('code', {}, [text(run.id)])], ['Kind', text(run.kind)], ['Recorded', when(run.recorded_at)],
      ['API version', text(run.api_version)], ['Contract hash', el('code', {}, [text(run.contract_hash)])],
      ['Base URL', text(run.base_url)],
      ['Model versions', versions ? el('ul', { class: 'plain' }, Object.keys(versions).map(function (k) { return el('li', {}, [el('code', {}, [k]), ': ' + text(versions[k])]); })) : '—'],
      ['Avg case latency', run.avg_case_latency_ms === null || run.avg_case_latency_ms === undefined ? '—' : num(run.avg_case_latency_ms) + ' ms'],
    ], [false, false], 'run-identity');
    var diffRows = rows.filter(function (r) { return r && (r.status === 'parity_diff' || r.status === 'drift_diff'); }).map(function (r) {
      var d = difference(r);
      return [el('code', {}, [text(d.variable)]), text(r.status), text(d.expected), text(d.actual), signed(d.delta)];
    });
    var caseRows = cases.map(function (c, i) {
      var changed = changedOf(c).map(difference);
      var label = text(pick(c, ['id', 'case_id', 'name']) !== undefined ? pick(c, ['id', 'case_id', 'name']) : '#' + (i + 1));
      return [label, changed.length === 0 ? 'none' : el('ul', { class: 'plain' }, changed.map(function (d) {
        return el('li', {}, [el('code', {}, [text(d.variable)]), ': ' + text(d.expected) + ' → ' + text(d.actual) + ' (' + signed(d.delta) + ')']);
      })), c && typeof c.latency_ms === 'number' ? num(c.latency_ms) + ' ms' : '—'];
    });
    container.replaceChildren(
      el('h3', {}, ['Run ' + text(run.id)]), identity,
      el('h3', {}, ['Variables that differ (' + diffRows.length + ' of ' + rows.length + ' rows)']),
      diffRows.length === 0 ? el('p', { class: 'muted' }, ['No row has status parity_diff or drift_diff.']) : table(['Variable', 'Status', 'Expected', 'Actual', 'Difference'], diffRows, [false, false, true, true, true], 'run-differences'),
      el('h3', {}, ['Cases (' + cases.length + ')']),
      cases.length === 0 ? el('p', { class: 'muted' }, ['The run has no cases.']) : table(['Case', 'Variables that differ', 'Latency'], caseRows, [false, false, true], 'run-cases'),
      el('h3', {}, ['All rows as published']),
      rows.length === 0 ? el('p', { class: 'muted' }, ['The run has no rows.']) : freeTable(rows, 'run-rows'),
    );
  }

  // ---- analytics

  // Horizontal bars, one per item, scaled to the largest value: the chart is plain elements, no library.
  function barChart(id, items, unit) {
    var max = items.reduce(function (m, it) { return Math.max(m, it.value); }, 0);
    return el('div', { class: 'chart', id: id, role: 'img', 'aria-label': items.map(function (it) { return it.label + ': ' + it.value + ' ' + unit; }).join('; ') }, items.map(function (it) {
      var fill = el('span', { class: it.kind || '' });
      fill.style.width = (max > 0 ? (it.value / max) * 100 : 0) + '%';
      return el('div', { class: 'chart-row' }, [el('div', { class: 'chart-label' }, [it.label]), el('div', { class: 'chart-bar' }, [fill]), el('div', { class: 'chart-value' }, [num(it.value) + (it.note ? ' ' + it.note : '')])]);
    }));
  }

  var BUCKETS = [['le_25ms', '≤ 25 ms'], ['le_100ms', '≤ 100 ms'], ['le_500ms', '≤ 500 ms'], ['le_2000ms', '≤ 2 s'], ['gt_2000ms', '> 2 s']];

  // One stacked bar per route: the share of its requests in each latency bucket.
  function latencyChart(routes) {
    var legend = el('div', { class: 'legend' }, BUCKETS.map(function (b, i) { return el('span', {}, [el('i', { class: 'b' + i }), b[1]]); }));
    var rowsOut = routes.map(function (r) {
      var buckets = r.latency_buckets || {};
      var total = BUCKETS.reduce(function (n, b) { return n + (buckets[b[0]] || 0); }, 0);
      var stack = el('div', { class: 'stack', title: BUCKETS.map(function (b) { return b[1] + ': ' + (buckets[b[0]] || 0); }).join(', ') }, BUCKETS.map(function (b, i) {
        var part = el('span', { class: 'b' + i });
        part.style.width = (total > 0 ? ((buckets[b[0]] || 0) / total) * 100 : 0) + '%';
        return part;
      }));
      return el('div', { class: 'chart-row' }, [el('div', { class: 'chart-label' }, [el('code', {}, [readableRoute(r.route)])]), stack, el('div', { class: 'chart-value' }, [num(total)])]);
    });
    return el('div', { class: 'chart', id: 'latency-chart' }, [legend].concat(rowsOut));
  }

  function renderAnalytics(container, res) {
    var path = '/v1/admin/analytics';
    if (res.status !== 200 || !res.body || !res.body.data) { var m = explain(path, res); return notice(container, m[0], m[1]); }
    var a = res.body.data;
    var totals = a.totals || {};
    var byStatus = totals.by_status || {};
    var auth = a.auth_events || {};
    var cards = el('div', { class: 'cards' }, [
      card('Requests (this instance)', num(totals.requests), 'analytics-requests'),
      card('Collected since', when(a.collected_since), null, true),
      card('Store errors', num(a.store_errors)),
      card('Instance', text(a.instance_id), null, true),
    ]);
    var statusTable = table(['HTTP status', 'Responses'], Object.keys(byStatus).sort().map(function (s) { return [s, num(byStatus[s])]; }), [false, true]);
    var authTable = table(['Auth event', 'Count'], Object.keys(auth).map(function (k) { return [k.replace(/_/g, ' '), num(auth[k])]; }), [false, true]);
    var routes = Array.isArray(a.routes) ? a.routes : [];
    var keys = Array.isArray(a.keys) ? a.keys : [];
    var keyChart = keys.length === 0 ? el('p', { class: 'muted' }, ['No key has made a request on this instance yet.'])
      : barChart('keys-chart', keys.map(function (k) { return { label: text(k.api_key_id), value: k.requests || 0, note: k.rate_limited ? '(' + num(k.rate_limited) + ' rate limited)' : '' }; }), 'requests');
    var routeTable = table(['Route', 'Requests', '2xx/3xx', '4xx', '5xx', 'Avg ms', 'Max ms'], routes.map(function (r) {
      return [el('code', {}, [readableRoute(r.route)]), num(r.requests), num(r.success), num(r.client_errors), num(r.server_errors), num(r.avg_duration_ms), num(r.max_duration_ms)];
    }), [false, true, true, true, true, true, true], 'routes-table');
    container.replaceChildren(
      cards,
      el('h3', {}, ['Requests by key']), keyChart,
      el('h3', {}, ['Latency by route']), routes.length === 0 ? el('p', { class: 'muted' }, ['No requests yet.']) : latencyChart(routes),
      el('h3', {}, ['Routes']), routeTable,
      el('div', { class: 'two-up' }, [el('div', {}, [el('h3', {}, ['Responses by status']), statusTable]), el('div', {}, [el('h3', {}, ['Authentication events']), authTable])]),
    );
  }

  function load(key) {
    var runs = document.getElementById('runs');
    var analytics = document.getElementById('analytics');
    currentKey = key;
    notice(runs, 'info', 'Loading validation runs…');
    notice(analytics, 'info', 'Loading analytics…');
    results.hidden = false;
    setStatus('info', 'Loading with the key kept in this tab only (sessionStorage)…');
    return Promise.all([get('/v1/admin/validation/runs', key), get('/v1/admin/analytics', key)]).then(function (answers) {
      var denied = answers.filter(function (res) { return res.status === 401; })[0];
      if (denied) return refused(denied);
      renderRuns(runs, answers[0]);
      renderAnalytics(analytics, answers[1]);
      setStatus('info', 'Key kept in this tab only (sessionStorage); loaded at ' + new Date().toLocaleTimeString() + '.');
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = input.value.trim();
    if (key === '') { setStatus('error', 'Enter an API key with admin:analytics.'); return; }
    sessionStorage.setItem(STORE, key);
    load(key);
  });
  forget.addEventListener('click', function () {
    sessionStorage.removeItem(STORE);
    currentKey = null;
    input.value = '';
    results.hidden = true;
    setStatus('info', 'Key forgotten.');
  });

  var saved = sessionStorage.getItem(STORE);
  if (saved) { input.value = saved; load(saved); }
})();
`;

export function renderValidationPage(nonce: string): string {
  const body = html`
<h1>Validation dashboard</h1>
<p class="lede">Recorded validation runs (coverage of demanded variables, parity against expected outputs, drift) and this instance's request analytics, loaded live from the admin API.</p>
<form id="key-form" class="keyform" autocomplete="off">
  <label for="api-key">API key</label>
  <input id="api-key" name="api-key" type="password" placeholder="tnt_… (needs admin:analytics)" spellcheck="false" autocomplete="off">
  <button type="submit" id="load">Load</button>
  <button type="button" id="forget-key" class="secondary">Forget key</button>
</form>
<p id="status" class="muted" role="status">The key stays in this browser tab only (sessionStorage) and is sent only to this origin.</p>
<div id="results" hidden>
  <h2>Validation runs</h2>
  <div id="runs"></div>
  <h2>Analytics</h2>
  <div id="analytics"></div>
</div>
<noscript><p class="notice warn">This dashboard needs JavaScript: it loads its data from the admin API with your key.</p></noscript>
`;
  return page({ title: 'Tenet validation dashboard', nonce, current: '/docs/validation', body, script: SCRIPT });
}
