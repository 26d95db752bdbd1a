import type { Page } from 'playwright-core';

const MARK = 'atelierNotReloaded';

/** Leaves a mark in the page's JavaScript world; a reload or a full navigation wipes it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate((mark) => Object.assign(window, { [mark]: true }), MARK);
}

export function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate((mark) => mark in window, MARK);
}

/**
 * Starts watching the page's main region for a text and answers a reader of the browser-clock
 * time it first appeared at, so a latency is measured without the test driver's round trips.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    const seenAt = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('main')?.textContent?.includes(wanted)) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    Object.assign(window, { atelierSeenAt: seenAt });
  }, text);
  return () => page.evaluate(() => (window as unknown as { atelierSeenAt: Promise<number> }).atelierSeenAt);
}
