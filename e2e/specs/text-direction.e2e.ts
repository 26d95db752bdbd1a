import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appUrl, pagesOfOneBrowser } from '../support/browser.js';
import { createFolderViaApi, ownerWithMedia } from '../support/gallery.js';
import { lightbox, openGallery, tiles, viewButton } from '../support/gallery-page.js';

const openPage = pagesOfOneBrowser();

const ARABIC_JOB = 'مرحبا بالعالم!';
const HEBREW_FOLDER = 'תמונות משפחה';

/** The direction the browser resolved for the element's text (`:dir()` reads dir="auto" too). */
const direction = (element: Locator) => element.evaluate((node) => (node.matches(':dir(rtl)') ? 'rtl' : 'ltr'));

/** The leftmost column, as a share of the width, in which the element's picture has a dark pixel. */
async function leftmostInk(element: Locator): Promise<number> {
  const { data, info } = await sharp(await element.screenshot())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // inside the border: start and end a few pixels in
  for (let x = 4; x < info.width - 4; x++) {
    for (let y = 4; y < info.height - 4; y++) if (data[y * info.width + x]! < 128) return x / info.width;
  }
  return 1;
}

describe('names and typing in right-to-left scripts', () => {
  it('lay out right to left where they appear, and English ones stay left to right', async () => {
    const owner = await ownerWithMedia(ARABIC_JOB, 1);
    await createFolderViaApi(owner.token, { name: HEBREW_FOLDER, hotkey: '1' });
    await createFolderViaApi(owner.token, { name: 'Portraits', hotkey: '2' });
    const page = await openPage();
    await openGallery(page, owner);

    const folders = page.getByRole('navigation', { name: 'Folders' });
    expect(await direction(folders.getByText(HEBREW_FOLDER))).toBe('rtl');
    expect(await direction(folders.getByText('Portraits'))).toBe('ltr');
    expect(await direction(tiles(page).first().getByText(ARABIC_JOB))).toBe('rtl');
    await viewButton(page, 0).click();
    expect(await direction(lightbox(page).getByText(ARABIC_JOB, { exact: true }).first())).toBe('rtl');
    expect(
      await direction(
        lightbox(page)
          .getByRole('button', { name: new RegExp(HEBREW_FOLDER) })
          .getByText(HEBREW_FOLDER),
      ),
    ).toBe('rtl');
    await page.keyboard.press('Escape');

    await page.goto(appUrl('/history'));
    expect(await direction(page.getByRole('link', { name: ARABIC_JOB, exact: true }))).toBe('rtl');
    await page.goto(appUrl(`/job/${owner.jobId}`));
    expect(await direction(page.getByRole('heading', { level: 1, name: ARABIC_JOB }))).toBe('rtl');
    expect(await direction(page.getByRole('link', { name: '← Generation History' }))).toBe('ltr');
  });

  it('typed into a field sit at its right edge, and English at its left', async () => {
    const owner = await ownerWithMedia('Direction check', 1);
    const page = await openPage();
    await openGallery(page, owner);
    await page.goto(appUrl('/'));
    const jobName = page.getByLabel(/^Job name/);
    await jobName.fill('שלום');
    expect(await leftmostInk(jobName)).toBeGreaterThan(0.5);
    await jobName.fill('Hello');
    expect(await leftmostInk(jobName)).toBeLessThan(0.1);
  });
});
