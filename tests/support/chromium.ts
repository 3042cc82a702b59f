/**
 * Browser tests of the HTML pages: Debian's chromium driven by playwright-core against a real listening server.
 * Without a chromium binary (CHROMIUM_PATH, else /usr/bin/chromium) the files using this skip with a loud warning.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { listen, type RunningServer } from '../../adapters/http-h3/server.js';
import { createTestApp, type TestApp, type TestAppOptions } from './http-harness.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Prints the loud warning a skipped browser test file owes its reader. */
export function warnWithoutChromium(what: string): void {
  if (!haveChromium) console.warn(`\n!!! SKIPPING the browser tests of ${what}: no chromium binary at ${CHROMIUM}.\n!!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n`);
}

export interface Served {
  t: TestApp;
  server: RunningServer;
  close(): Promise<void>;
}

export async function serve(options: TestAppOptions): Promise<Served> {
  const t = await createTestApp(options);
  const server = await listen(t.app.http, '127.0.0.1', 0, t.app.logger);
  return { t, server, close: async () => (await server.close(), await t.close()) };
}

/** A page that records console errors and uncaught exceptions (CSP violations are reported as console errors). */
export async function openPage(browser: Browser, width = 1200): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (401|403|404)/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, problems };
}
