/**
 * GET /docs/validation: the validation dashboard. The page carries no data: its script asks for an API key
 * with admin:analytics, keeps it in sessionStorage only (gone when the tab closes), and loads
 * GET /v1/admin/validation/runs and GET /v1/admin/analytics from this origin. Every value is written with
 * textContent, never as markup. Endpoints that answer 404 (not built on this deployment) get a clear notice.
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

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function text(v) { return v === null || v === undefined ? '—' : String(v); }
  function num(v) { return typeof v === 'number' ? v.toLocaleString('en-US') : text(v); }
  function pct(part, whole) { return typeof part === 'number' && typeof whole === 'number' && whole > 0 ? Math.round((part / whole) * 1000) / 10 : null; }
  function notice(container, kind, message) { container.replaceChildren(el('div', { class: 'notice ' + kind, role: kind === 'error' ? 'alert' : 'status' }, [message])); }
  function when(v) { return typeof v === 'string' ? v.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : text(v); }
  function card(label, value, id, small) {
    var v = el('div', { class: small ? 'value small' : 'value' }, [value]);
    if (id) v.id = id;
    return el('div', { class: 'card' }, [el('div', { class: 'label' }, [label]), v]);
  }
  function table(headers, rows, numeric) {
    var head = el('tr', {}, headers.map(function (h, i) { return el('th', numeric[i] ? { class: 'num' } : {}, [h]); }));
    var body = rows.map(function (cells) {
      return el('tr', {}, cells.map(function (c, i) { return el('td', numeric[i] ? { class: 'num' } : {}, [c]); }));
    });
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, body)]);
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
      case 401: return ['error', 'The key was refused (401)' + detail + '. Check it; it may be unknown, expired or revoked.'];
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
      return [
        when(r.recorded_at), text(r.kind), text(r.api_version), el('code', {}, [text(r.contract_hash)]),
        num(tt.variables), el('div', {}, [bar(coverage), document.createTextNode(coverage === null ? '—' : coverage + '%')]),
        num(tt.parity_match), num(tt.parity_diff), num(tt.drift_diff), num(tt.uncovered),
        r.avg_case_latency_ms === null || r.avg_case_latency_ms === undefined ? '—' : num(r.avg_case_latency_ms) + ' ms',
      ];
    });
    var tbl = table(['Recorded', 'Kind', 'API version', 'Contract', 'Variables', 'Covered', 'Parity match', 'Parity diff', 'Drift diff', 'Uncovered', 'Avg case latency'], rows, [false, false, false, false, true, false, true, true, true, true, true]);
    tbl.id = 'runs-table';
    container.replaceChildren(cards, tbl);
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
    var routeTable = table(['Route', 'Requests', '2xx/3xx', '4xx', '5xx', 'Avg ms', 'Max ms'], routes.map(function (r) {
      return [el('code', {}, [text(r.route)]), num(r.requests), num(r.success), num(r.client_errors), num(r.server_errors), num(r.avg_duration_ms), num(r.max_duration_ms)];
    }), [false, true, true, true, true, true, true]);
    routeTable.id = 'routes-table';
    container.replaceChildren(cards, el('h3', {}, ['Responses by status']), statusTable, el('h3', {}, ['Authentication events']), authTable, el('h3', {}, ['Routes']), routeTable);
  }

  function load(key) {
    var runs = document.getElementById('runs');
    var analytics = document.getElementById('analytics');
    notice(runs, 'info', 'Loading validation runs…');
    notice(analytics, 'info', 'Loading analytics…');
    document.getElementById('results').hidden = false;
    status.textContent = 'Key kept in this tab only (sessionStorage); loaded at ' + new Date().toLocaleTimeString() + '.';
    return Promise.all([
      get('/v1/admin/validation/runs', key).then(function (res) { renderRuns(runs, res); }),
      get('/v1/admin/analytics', key).then(function (res) { renderAnalytics(analytics, res); }),
    ]);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = input.value.trim();
    if (key === '') { status.textContent = 'Enter an API key with admin:analytics.'; return; }
    sessionStorage.setItem(STORE, key);
    load(key);
  });
  forget.addEventListener('click', function () {
    sessionStorage.removeItem(STORE);
    input.value = '';
    document.getElementById('results').hidden = true;
    status.textContent = 'Key forgotten.';
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
