import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's browser, driven without downloading one of Playwright's own builds. */
export const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or false. In CI (REQUIRE_SERVICES=1) a missing browser fails the suite. */
export function browserUnavailable(what: string): string | false {
  const missing = existsSync(CHROMIUM) ? false : `${CHROMIUM} is missing (apt-get install chromium)`;
  if (missing && process.env.REQUIRE_SERVICES === '1') throw new Error(`${what} needs ${missing}`);
  return missing;
}

/**
 * How long one browser step (a launch, a navigation, a wait for an element) may take:
 * generous, because on a busy 2-core machine one navigation has taken 13 s and a
 * launch 12 s. A step that fails still fails, only later.
 */
const STEP_TIMEOUT_MS = 120_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: STEP_TIMEOUT_MS,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * What goes wrong in a page, as it happens: failed loads, console errors, uncaught
 * errors and Content-Security-Policy violations (a blocked load, inline script or style).
 */
export async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // A request the page's own navigation cancelled (the favicon of a page left at once) is no failure.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`,
  });
  return problems;
}

/** A new browser context whose steps wait up to STEP_TIMEOUT_MS. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  return context;
}
