import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WAIT, appUrl, pagesOfOneBrowser } from '../support/browser.js';
import { listGallery, ownerWithMedia } from '../support/gallery.js';
import { openGallery, tiles, uniqueName } from '../support/gallery-page.js';

const openPage = pagesOfOneBrowser();

describe('gallery bulk download', () => {
  it('saves the two selected items as one zip holding their files, and keeps them selected', async () => {
    const jobName = uniqueName('Harbour');
    const owner = await ownerWithMedia(jobName, 3);
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    const ids = await tiles(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-item-id'))));

    await tiles(page).nth(0).getByRole('button', { name: 'Select' }).click();
    await tiles(page).nth(2).getByRole('button', { name: 'Select' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('atelier-2-items.zip');
    const entries = unzipSync(await readFile(await download.path()));

    const items = await listGallery(owner.token);
    const chosen = [ids[0]!, ids[2]!].map((id) => items.find((item) => item.id === id)!);
    const entryName = (item: (typeof items)[number]) =>
      `${jobName}-${item.id}${path.extname(new URL(item.file_path, appUrl()).pathname)}`;
    expect(Object.keys(entries).sort()).toEqual(chosen.map(entryName).sort());
    for (const item of chosen) {
      const served = Buffer.from(await (await fetch(appUrl(item.file_path))).arrayBuffer());
      expect(served.length).toBeGreaterThan(0);
      expect(Buffer.from(entries[entryName(item)]!).equals(served), `item ${item.id}`).toBe(true);
    }
    await bar.getByText('2 selected').waitFor();
    expect(await bar.getByRole('alert').count()).toBe(0);
  });

  it('says so in the bar when the download cannot be made', async () => {
    const owner = await ownerWithMedia(uniqueName('Jetty'), 1);
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    await page.route('**/api/gallery/bulk-download', (route) => route.fulfill({ status: 503 }));
    await tiles(page).nth(0).getByRole('button', { name: 'Select' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Download' }).click();
    await bar.getByRole('alert').getByText('Failed to download the selected media. Please try again.').waitFor();
  });
});
