import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser.js';

/** True when nothing sticks out sideways (nothing cut off or hidden behind a horizontal scroll). */
export function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The form field holding the control labelled `label`, so a message can be checked to sit beside it. */
export function field(page: Page, label: string | RegExp): Locator {
  return page.locator('[data-part="root"]', { has: page.getByLabel(label, { exact: true }) });
}

/** A required field's label ends in an asterisk. */
export const required = (label: string) => new RegExp(`^${label}`);

/** Back at the top, images drawn and transitions over: a full-page screenshot as a user sees the page. */
export async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete ? null : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
  // A spinner turns for ever; only transitions that end are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

/** A titled panel of a screen (the cards are labelled sections). */
export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Picks a workflow in the dashboard's searchable dropdown and waits for its parameters. */
export async function chooseOnDashboard(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Workflow' });
  await picker.click();
  await picker.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await region(page, name).waitFor();
}

/**
 * Elements that stick out of the viewport sideways, or scroll sideways inside a box: what a
 * phone would cut off or hide behind a swipe. Invisible helpers (1px accessibility inputs) and
 * text an ellipsis ends on purpose are left out.
 */
export function cutOffElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${label}`;
    };
    const clippedByAncestor = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if ((box.left < -1 || box.right > width + 1) && !clippedByAncestor(el)) found.push(`sticks out: ${describe(el)}`);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1) found.push(`scrolls sideways: ${describe(el)}`);
    }
    return found;
  });
}

/** True when the element is wholly inside the viewport's width (it may be further down the page). */
export async function withinViewportWidth(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** How many lines an element's text is laid out on: a name broken mid-word shows as more than one. */
export function textLines(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}
