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
