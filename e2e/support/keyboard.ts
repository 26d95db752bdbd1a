import type { Page } from 'playwright-core';

/**
 * Presses Tab until focus comes back round (or `maxPresses`), and answers the visible controls
 * that never got focus, each described by its tag and name, and how many it looked for. Controls in a roving group (tabs,
 * radios, menu items, options) are reached by arrow keys from the one that takes Tab, so only
 * the group's current member is expected.
 */
export async function unreachableByTab(page: Page, maxPresses = 250): Promise<{ checked: number; missing: string[] }> {
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const roving = '[role="tab"], [role="radio"], input[type="radio"], [role="menuitem"], [role="option"]';
    let n = 0;
    const ids: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.matches(roving) || el.tabIndex < 0 || el.closest('[inert], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      el.dataset.tabProbe = String(++n);
      ids.push(el.dataset.tabProbe);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return ids;
  });
  const reached = new Set<string>();
  for (let i = 0; i < maxPresses && reached.size < expected.length; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tabProbe);
    if (id) reached.add(id);
  }
  const missing = await page.evaluate(
    (ids) =>
      ids.map((id) => {
        const el = document.querySelector<HTMLElement>(`[data-tab-probe="${id}"]`)!;
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        return `<${el.tagName.toLowerCase()}> ${name}`;
      }),
    expected.filter((id) => !reached.has(id)),
  );
  return { checked: expected.length, missing };
}
