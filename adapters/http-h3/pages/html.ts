/**
 * Shared pieces of the HTML pages: escaping, the response with its security headers, and the page frame.
 * Pages are self-contained: styles and scripts are inline, allowed by a per-response nonce, and the
 * Content-Security-Policy permits nothing else (no CDN, no inline handlers, fetches to this origin only).
 */
import { randomBytes } from 'node:crypto';
import { PAGE_STYLE } from './style.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = string | number | Html | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new Html(out);
}

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface PageFrame {
  title: string;
  nonce: string;
  /** The navigation entry to mark as current. */
  current: '/docs' | '/docs/validation';
  body: Html;
  /** Inline script (served under the nonce), if any. */
  script?: string;
}

export function page(frame: PageFrame): string {
  const nav = (href: PageFrame['current'], label: string) => html`<a href="${href}"${frame.current === href ? new Html(' aria-current="page"') : ''}>${label}</a>`;
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${frame.title}</title>
<style nonce="${frame.nonce}">${new Html(PAGE_STYLE)}</style>
</head>
<body>
<header class="top"><div class="wrap"><span class="brand">Tenet</span><nav>${nav('/docs', 'Developer documentation')}${nav('/docs/validation', 'Validation dashboard')}<a href="/v1/openapi.json">OpenAPI</a></nav></div></header>
<main class="wrap">${frame.body}</main>
${frame.script ? html`<script nonce="${frame.nonce}">${new Html(frame.script.replace(/<\/script/gi, '<\\/script'))}</script>` : ''}
</body>
</html>`.value}\n`;
}

/** The HTML response with the headers every page carries (the platform adds x-request-id and cache-control). */
export function htmlResponse(body: string, nonce: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(nonce),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
  });
}
