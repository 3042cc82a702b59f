/**
 * The /docs page's client for its interactive examples (the benefit curve, the benefits screener): POSTs to this
 * origin and one trial key for the tab (POST /v1/keys/trial on first use, kept in sessionStorage; a key the service
 * refuses with 401 is dropped and a fresh one taken once). Shared so the examples take one key between them.
 * Runs under the page's nonce, before the examples' scripts; it defines the one global `docsApi`.
 */
export const TRIAL_KEY_STORAGE = 'tenet.docs.trialKey';

export const TRIAL_SCRIPT = `
var docsApi = (function () {
  function post(path, body, key) {
    var headers = { 'content-type': 'application/json' };
    if (key) headers['x-api-key'] = key;
    return fetch(path, { method: 'POST', headers: headers, body: JSON.stringify(body) }).then(function (r) {
      return r.json().then(function (json) {
        if (r.ok) return json.data;
        var error = new Error((json.error && json.error.message) || ('HTTP ' + r.status));
        error.status = r.status;
        throw error;
      });
    });
  }
  function trialKey(label) {
    var kept = sessionStorage.getItem('${TRIAL_KEY_STORAGE}');
    if (kept) return Promise.resolve(kept);
    return post('/v1/keys/trial', { label: label }).then(function (data) {
      sessionStorage.setItem('${TRIAL_KEY_STORAGE}', data.key);
      return data.key;
    });
  }
  // Runs call(key) with the tab's trial key; a refused key (expired, revoked) is dropped and a new one tried once.
  function withTrialKey(label, call) {
    return trialKey(label).then(function (key) {
      return call(key).catch(function (error) {
        if (error.status !== 401) throw error;
        sessionStorage.removeItem('${TRIAL_KEY_STORAGE}');
        return trialKey(label).then(call);
      });
    });
  }
  return { post: post, withTrialKey: withTrialKey };
})();
`;
