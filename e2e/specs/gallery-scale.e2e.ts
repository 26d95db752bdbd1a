import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, workflowIdByName } from '../support/api.js';
import { DESKTOP, appUrl, launchBrowser, newContext, signIn } from '../support/browser.js';
import { produceMedia, seedGalleryCopies } from '../support/gallery.js';
import { createUser } from '../support/users.js';

const TOTAL = 10_000;
const PAGE_SIZE = 100;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

describe('gallery at 10,000 items', () => {
  it('scrolls to the end page by page with a bounded number of tiles in the DOM', { timeout: 300_000 }, async () => {
    const user = await createUser('user');
    const token = await apiToken(user);
    const workflowId = await workflowIdByName(token, 'Text to Image');
    const jobId = await produceMedia(token, workflowId, `Ten thousand ${randomBytes(2).toString('hex')}`, 4);
    await seedGalleryCopies(jobId, TOTAL);

    const page = await context.newPage();
    await signIn(page, user);
    const firstStarted = Date.now();
    await page.goto(appUrl('/gallery'));
    const counts = page.getByTestId('gallery-counts');
    await page.getByRole('heading', { name: 'Ungrouped Images (10,000)' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => counts.textContent(), { timeout: 15_000 }).toBe('100 shown of 10,000');
    const pageTimes = [Date.now() - firstStarted];

    // Each round scrolls to the bottom and waits for the next 100 to be drawn.
    for (let shown = PAGE_SIZE; shown < TOTAL; shown += PAGE_SIZE) {
      const started = Date.now();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const next = (shown + PAGE_SIZE).toLocaleString('en-US');
      await page.getByText(`${next} shown of 10,000`).waitFor({ timeout: 15_000 });
      pageTimes.push(Date.now() - started);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByText('No more images to load').waitFor();

    const tilesAtEnd = await page.getByRole('list', { name: 'Media' }).getByRole('listitem').count();
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const lastVisible = await page.getByRole('list', { name: 'Media' }).getByRole('listitem').last().isVisible();

    // Smoothness: frame times while scrolling back up, as a fast fling (100 px a frame) and in
    // jumps of a whole screen and more (every frame draws tiles never drawn before).
    const scrollFrames = (stepPx: number, count: number) =>
      page.evaluate(
        async ({ stepPx, count }) => {
          const times: number[] = [];
          await new Promise((resolve) => requestAnimationFrame(resolve));
          let last = performance.now();
          for (let i = 0; i < count; i++) {
            window.scrollBy(0, -stepPx);
            await new Promise((resolve) => requestAnimationFrame(resolve));
            const now = performance.now();
            times.push(now - last);
            last = now;
          }
          return times.sort((a, b) => a - b);
        },
        { stepPx, count },
      );
    const fling = await scrollFrames(100, 240);
    const jumps = await scrollFrames(Math.ceil((await page.evaluate(() => window.scrollY)) / 240), 240);
    const frameLine = (name: string, frames: number[]) =>
      `  ${name}: frame ms median ${percentile(frames, 0.5).toFixed(1)}, p95 ${percentile(frames, 0.95).toFixed(1)}, max ${frames.at(-1)!.toFixed(1)}`;
    const tilesAtTop = await page.getByRole('list', { name: 'Media' }).getByRole('listitem').count();

    const sorted = [...pageTimes].sort((a, b) => a - b);
    process.stdout.write(
      [
        `gallery 10k: ${pageTimes.length} pages of ${PAGE_SIZE}`,
        `  page load ms: first ${pageTimes[0]}, median ${percentile(sorted, 0.5)}, p95 ${percentile(sorted, 0.95)}, max ${sorted.at(-1)}`,
        `  every page ms: ${pageTimes.join(' ')}`,
        `  DOM after scrolling to the end: ${tilesAtEnd} tile elements (of ${TOTAL} loaded), ${domNodes} elements in all`,
        frameLine('fling up, 100 px a frame', fling),
        frameLine('jumps up to the top, 240 frames', jumps),
        `  tiles in the DOM back at the top: ${tilesAtTop}`,
        '',
      ].join('\n'),
    );

    expect(pageTimes.length).toBe(TOTAL / PAGE_SIZE);
    expect(lastVisible).toBe(true);
    expect(tilesAtEnd).toBeGreaterThan(0);
    expect(tilesAtEnd).toBeLessThan(200);
    expect(domNodes).toBeLessThan(3000);
    expect(tilesAtTop).toBeLessThan(200);
  });
});
