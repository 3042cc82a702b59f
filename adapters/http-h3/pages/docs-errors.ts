/**
 * The /docs section "Envelopes and errors": the code table is generated from the error table
 * (core/domain/errors.ts: codes and messages) and the HTTP statuses (../error-http.ts), and the body limits are
 * this deployment's configured ones.
 */
import { ERROR_CODES, type ErrorCode } from '../../../core/domain/errors.js';
import { httpStatus } from '../error-http.js';
import { html, Html } from './html.js';

export interface ErrorRow {
  status: number;
  code: string;
  message: string;
}

/** This deployment's request limits, as configured (docs/configuration.md). */
export interface RequestLimits {
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  maxConcurrentBodies: number;
  /** Whether x-forwarded-for is believed from configured proxies (the addresses themselves are not shown). */
  behindTrustedProxies: boolean;
}

/** Every error code with its status and default message, by status then in table order. */
export function errorRows(): ErrorRow[] {
  return Object.entries(ERROR_CODES)
    .map(([code, { message }]) => ({ status: httpStatus(code as ErrorCode), code, message }))
    .sort((a, b) => a.status - b.status);
}

function limitsList(limits: RequestLimits): Html {
  const seconds = limits.bodyTimeoutMs / 1000;
  return html`<p>This deployment's limits:</p>
<ul id="request-limits">
  <li>a request body of at most <strong>${limits.maxBodyBytes.toLocaleString('en-US')} bytes</strong> (413 <code>payload_too_large</code>), received in full within <strong>${seconds.toLocaleString('en-US')} s</strong> (408 <code>request_timeout</code>);</li>
  <li>at most <strong>${limits.maxConcurrentBodies.toLocaleString('en-US')}</strong> bodies received at once; one more gets 503 <code>server_busy</code> with <code>retry-after</code>;</li>
  <li>the client address (which failed-authentication throttling counts per client) is ${limits.behindTrustedProxies ? html`the one the configured trusted proxies put in <code>x-forwarded-for</code>` : html`the connection's peer: no proxies are trusted, so <code>x-forwarded-for</code> is ignored`}.</li>
</ul>`;
}

export function errorsSection(limits: RequestLimits | undefined): Html {
  return html`<p>Successful JSON responses are <code>{"status":"ok","data":…,"meta":{request_id, api_version, environment}}</code>; errors are <code>{"status":"error","error":{"code","message"},"meta":…}</code>, sometimes with <code>data</code> (for example <code>retry_after_seconds</code> on 429 and 503 <code>server_busy</code>). The OpenAPI document is returned bare.</p>
<p>Every response carries <code>x-request-id</code> (a valid client value is echoed; quote it when reporting a problem), <code>cache-control: no-store</code> and <code>x-content-type-options: nosniff</code>. A 401 names the accepted schemes in <code>www-authenticate</code>; a 405 lists the path's methods in <code>allow</code>; a 429 says when to retry in <code>retry-after</code>.</p>
<h3>Messages that point to the fix</h3>
<ul id="error-guidance">
  <li>A field error names the field and the constraint: <code>requests[1].program_id: is required</code>, <code>query: must be 2-500 characters</code>; an empty body says what to send.</li>
  <li>An id that is nearly right gets the closest valid one: <code>"jurisdiction": "TX"</code> is 422 <code>unsupported_program</code> with <code>did you mean jurisdiction "us-tx"?</code> and a pointer to <code>GET /v1/runtime/packages</code>; so is an unknown package path (404) and an unknown scope when issuing a key (400).</li>
  <li>A package input put beside <code>facts</code> (<code>"household": {"household_size": 3}</code>) is refused with 400 <code>invalid_household</code> naming where it belongs, <code>household.facts.household_size</code>, instead of being ignored.</li>
  <li>A rule id cut at an unescaped <code>#</code> (404) says to send it as <code>%23</code> or to use the citation path.</li>
</ul>
${limits ? limitsList(limits) : ''}
<h3>Codes</h3>
<p class="muted">Generated from the service's one error table; the message shown is the default, and most errors give a more specific one.</p>
<div class="table-scroll reflow"><table id="error-codes"><thead><tr><th class="num">HTTP</th><th>Code</th><th>Default message</th></tr></thead><tbody>
${errorRows().map((r) => html`<tr><td class="num">${r.status}</td><td><code>${r.code}</code></td><td>${r.message}</td></tr>`)}
</tbody></table></div>`;
}
