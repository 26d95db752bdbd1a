import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { keepForReadme } from './readme-screenshots.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Waits on a busy machine: vitest's poll gives up after 1 s by default. */
export const WAIT = { timeout: 15_000, interval: 100 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export function appUrl(pathname = '/'): string {
  return `${inject('e2eBaseUrl')}${pathname}`;
}

export function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: inject('e2eBaseUrl'), ...options });
}

/**
 * Signs in through the login screen and waits for the navigation to show; a refused sign-in fails
 * at once with what the login screen said (a rate limit reads very differently from a slow page).
 */
export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto(appUrl('/'));
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  const response = await answer;
  if (!response.ok())
    throw new Error(`sign-in as ${user.username} answered ${response.status()}: ${await response.text()}`);
  await page.getByRole('navigation').waitFor();
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  keepForReadme(name, file);
  return file;
}

/** Answers requests to `url` with the API's real answer passed through `change`, as another version of the server would. */
export async function rewriteAnswers<T>(page: Page, url: string | RegExp, change: (body: T) => unknown): Promise<void> {
  await page.route(url, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: change((await answer.json()) as T) });
  });
}

/**
 * One browser for the spec file, launched before its tests and closed after them with every
 * context it opened; the answer opens a page in a context of its own, so no test sees another's
 * session.
 */
export function pagesOfOneBrowser(): (viewport?: typeof DESKTOP, options?: BrowserContextOptions) => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return async (viewport = DESKTOP, options = {}) => {
    const context = await newContext(browser, viewport, options);
    contexts.push(context);
    return context.newPage();
  };
}
