import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { keepForReadme } from './readme-screenshots.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

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

export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: inject('e2eBaseUrl') });
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
