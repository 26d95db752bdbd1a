import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiToken, call, getJob, jobRequest, submitJob, workflowIdByName } from '../support/api.js';
import { PHONE, WAIT, pagesOfOneBrowser, screenshot, signIn } from '../support/browser.js';
import { seriousViolations } from '../support/axe.js';
import { cutOffElements } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

const PAUSED = 'Live updates paused — reconnecting…';
const CONNECTING = 'Connecting to live updates…';

/**
 * Takes the browser off the network, as a lost connection or a laptop asleep would: the live
 * connection drops at once, and Socket.IO's attempts to come back fail until the browser is back on.
 */
function offline(page: Page, off: boolean): Promise<void> {
  return page.context().setOffline(off);
}

/** Resolves once the page's live connection has had its first answer from the API. */
async function liveConnectionOpened(page: Page): Promise<void> {
  const socket = await page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await socket.waitForEvent('framereceived');
}

/** Counts, from the page's first script on, each time the paused line comes into the document. */
async function countPausedLines(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript((text) => {
    const lines = { count: 0, shown: false };
    Object.assign(window, { atelierPausedLines: lines });
    new MutationObserver(() => {
      const shown = document.body?.textContent?.includes(text) ?? false;
      if (shown && !lines.shown) lines.count += 1;
      lines.shown = shown;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, PAUSED);
  return () =>
    page.evaluate(() => (window as unknown as { atelierPausedLines: { count: number } }).atelierPausedLines.count);
}

/** Socket.IO waits up to 10 s, give or take half, between attempts to come back. */
const BACK = { timeout: 25_000 };

const pausedLine = (page: Page) => page.getByRole('status').filter({ hasText: PAUSED });

/** The line sits under the navigation's row, above the page, over no link or button. */
async function coversNothing(page: Page): Promise<string[]> {
  return page.evaluate((text) => {
    const line = Array.from(document.querySelectorAll('[role="status"]')).find((el) => el.textContent === text);
    if (!line) return ['no line'];
    const box = line.getBoundingClientRect();
    const overlaps = (other: DOMRect) =>
      other.width > 0 &&
      other.left < box.right &&
      other.right > box.left &&
      other.top < box.bottom &&
      other.bottom > box.top;
    const covered = Array.from(document.querySelectorAll('a, button, input, select, textarea, h1'))
      .filter((el) => !line.contains(el) && overlaps(el.getBoundingClientRect()))
      .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 30)}`);
    const main = document.querySelector('main')?.getBoundingClientRect();
    if (main && main.top < box.bottom - 0.5) covered.push('the main region starts under it');
    return covered;
  }, PAUSED);
}

describe('while the live connection is down', () => {
  it('says live updates are paused after 2 s, and drops the line once reconnected and caught up', async () => {
    const user = await createUser('user');
    const token = await apiToken(user);
    const workflowId = await workflowIdByName(token, 'Text to Image');
    const page = await openPage();
    const shownCount = await countPausedLines(page);
    const connected = liveConnectionOpened(page);
    await signIn(page, user);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByText('No jobs found').waitFor();
    await connected;
    // a page load is not a lost connection: no line after the 2 s have long passed
    await page.waitForTimeout(3000);
    expect(await shownCount()).toBe(0);

    await nav.getByRole('link', { name: 'History', exact: true }).focus();
    await offline(page, true);
    await pausedLine(page).waitFor(WAIT);
    expect(await coversNothing(page)).toEqual([]);
    // it is announced, not focused
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('History');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'live-paused-desktop', { fullPage: false });

    // a job run meanwhile is not on the page
    const name = `Run while cut off ${randomBytes(2).toString('hex')}`;
    const id = await submitJob(token, jobRequest(workflowId, name, 2));
    await expect.poll(async () => (await getJob(token, id)).status, WAIT).toBe('completed');
    expect(await page.getByRole('list', { name: 'Jobs' }).count()).toBe(0);
    expect(await pausedLine(page).count()).toBe(1);

    await offline(page, false);
    await pausedLine(page).waitFor({ state: 'detached', ...BACK });
    const row = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: name });
    await row.getByText('Completed').waitFor(WAIT);
    expect(await shownCount()).toBe(1);
  });

  it('fits a 390px phone under the navigation, leaving the menu and the page as they were; readable in dark mode', async () => {
    const user = await createUser('user');
    const page = await openPage(PHONE, { colorScheme: 'dark' });
    const connected = liveConnectionOpened(page);
    await signIn(page, user);
    await connected;
    await offline(page, true);
    await pausedLine(page).waitFor(WAIT);
    expect(await coversNothing(page)).toEqual([]);
    expect(await cutOffElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'live-paused-phone', { fullPage: false });

    // the phone menu folds out above the line, which covers none of it
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await coversNothing(page)).toEqual([]);
    await screenshot(page, 'live-paused-phone-menu', { fullPage: false });

    await offline(page, false);
    await pausedLine(page).waitFor({ state: 'detached', ...BACK });
  });
});

describe('while the first live connection is being made', () => {
  it('says it is connecting, never that live updates are paused, and drops the line once connected', async () => {
    const user = await createUser('user');
    const page = await openPage();
    const shownCount = await countPausedLines(page);
    // the live connection cannot be made until the test lets it, as on a slow first load
    let reachable = false;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => (reachable ? ws.connectToServer() : ws.close()));
    await signIn(page, user);
    const connectingLine = page.getByRole('status').filter({ hasText: CONNECTING });
    await connectingLine.waitFor(WAIT);
    expect(await shownCount()).toBe(0);

    reachable = true;
    await connectingLine.waitFor({ state: 'detached', ...BACK });
    expect(await page.getByRole('status').filter({ hasText: PAUSED }).count()).toBe(0);
    expect(await shownCount()).toBe(0);
  });
});

describe('when the session ends', () => {
  it('signs out without ever saying live updates are paused: the server dropped the connection on purpose', async () => {
    const user = await createUser('user');
    const page = await openPage();
    const shownCount = await countPausedLines(page);
    await signIn(page, user);
    await page.getByRole('link', { name: /^Jobs .* Items/ }).click();
    await page.getByRole('heading', { name: 'Generation Queue' }).waitFor();

    // every API answer is held 3 s from here: the page stays signed in well past the 2 s with its
    // connection dropped, before the first 401 signs it out
    const heldUntil = Date.now() + 3000;
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, heldUntil - Date.now()));
      await route.continue();
    });
    // a password changed elsewhere drops the user's live connection at once
    await call(`/admin/users/${user.id}`, {
      method: 'PUT',
      token: await apiToken(inject('e2eAdmin')),
      body: JSON.stringify({ password: `pw-${randomBytes(6).toString('hex')}` }),
    });
    await page.getByText(/Your session has ended/).waitFor(WAIT);
    expect(await shownCount()).toBe(0);
  });
});
