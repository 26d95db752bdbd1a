import { describe, expect, it } from 'vitest';
import { WAIT, pagesOfOneBrowser } from '../support/browser.js';
import {
  createFolderViaApi,
  galleryCount,
  listGallery,
  ownerWithMedia,
  seedGalleryCopies,
} from '../support/gallery.js';
import { counts, grid, lightbox, openGallery, tiles, uniqueName, viewButton } from '../support/gallery-page.js';
import { capture } from '../support/screens.js';

const openPage = pagesOfOneBrowser();

describe('gallery selection and bulk actions', () => {
  it('selects with Ctrl-click, moves in bulk, archives everything with Ctrl+A and Delete after the confirm', async () => {
    const owner = await ownerWithMedia(uniqueName('Dunes'), 5);
    await createFolderViaApi(owner.token, { name: 'Keepers', hotkey: 'k' });
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(5);

    // Ctrl-click two, then a plain click toggles a third while selecting
    await viewButton(page, 0).click({ modifiers: ['Control'] });
    await viewButton(page, 2).click({ modifiers: ['Control'] });
    await viewButton(page, 3).click();
    expect(await lightbox(page).count()).toBe(0);
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected').waitFor();
    expect(await tiles(page).nth(2).getByRole('button', { name: 'Selected 2' }).textContent()).toBe('2');
    await viewButton(page, 3).click();
    await bar.getByText('2 selected').waitFor();
    await capture(page, 'gallery-selection-desktop');

    await bar.getByLabel('Folder').selectOption('Keepers');
    await bar.getByRole('button', { name: 'Move to folder' }).click();
    await page.getByRole('heading', { name: 'Ungrouped Images (3)' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect((await listGallery(owner.token, { folder: 'Keepers' })).length).toBe(2);
    // the bar went with the selection, the focus stays in the gallery rather than at the page's start
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);

    // a hotkey moves the selection too
    await tiles(page).nth(0).getByRole('button', { name: 'Select' }).click();
    await page.keyboard.press('k');
    await page.getByRole('heading', { name: 'Ungrouped Images (2)' }).waitFor();

    // Escape clears, Ctrl+A selects all loaded, archive asks first
    await page.keyboard.press('Control+a');
    await bar.getByText('2 selected').waitFor();
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to archive 2 media?').waitFor();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('No images match current filters').waitFor();
    expect((await listGallery(owner.token, { status: 'archived' })).length).toBe(2);
  });

  it('keeps an item selected while a move of others was on its way', async () => {
    const owner = await ownerWithMedia(uniqueName('Moraine'), 3);
    await createFolderViaApi(owner.token, { name: 'Keepers', hotkey: 'k' });
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    const ids = await tiles(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-item-id'))));

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/gallery/bulk-folder', async (route) => {
      await held;
      await route.continue();
    });
    await tiles(page).nth(0).getByRole('button', { name: 'Select' }).click();
    await page.keyboard.press('k');
    await tiles(page).nth(1).getByRole('button', { name: 'Select' }).click();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    release();
    await page.getByRole('heading', { name: 'Ungrouped Images (2)' }).waitFor();
    await bar.getByText('1 selected').waitFor();
    expect(await grid(page).locator(`[data-item-id="${ids[1]}"]`).getAttribute('data-selected')).toBe('true');
    expect((await listGallery(owner.token, { folder: 'Keepers' })).map((item) => item.id)).toEqual([ids[0]]);
  });

  it('keeps the focus on Move to folder while the move runs, sends it once, and Tab goes on from there after a failure', async () => {
    const owner = await ownerWithMedia(uniqueName('Keyboard'), 2);
    await createFolderViaApi(owner.token, { name: 'Keepers', hotkey: 'k' });
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await page.keyboard.press('Control+a');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Folder').selectOption('Keepers');

    let sent = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/gallery/bulk-folder', async (route) => {
      sent += 1;
      await held;
      await route.abort();
    });
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.tagName.toLowerCase()} ${el?.textContent?.trim()} ${el?.getAttribute('aria-busy') ?? ''}`.trim();
      });
    await bar.getByRole('button', { name: 'Move to folder' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused, WAIT).toBe('button Move to folder true');
    await page.keyboard.press('Enter');
    release();
    await page.getByRole('alert').filter({ hasText: 'Failed to move' }).waitFor();
    expect(sent).toBe(1);
    expect(await focused()).toBe('button Move to folder');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button Archive');
  });

  it("says 'Failed to archive some images. Please try again.' when the bulk archive fails", async () => {
    const owner = await ownerWithMedia(uniqueName('Failing'), 2);
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await page.keyboard.press('Control+a');
    await page.route('**/api/gallery/bulk-archive', (route) => route.abort());
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to archive some images. Please try again.' }).waitFor();
    expect(await tiles(page).count()).toBe(2);
  });

  it('archives a Ctrl+A of more than 1,000 loaded items in batches the server takes, keeping what a failed batch left', async () => {
    const owner = await ownerWithMedia(uniqueName('Crowd'), 2);
    await seedGalleryCopies(owner.jobId, 1050);
    const page = await openPage();
    const sent: number[] = [];
    await page.route('**/api/gallery/bulk-archive', async (route) => {
      sent.push((route.request().postDataJSON() as { ids: number[] }).ids.length);
      // the second batch of the first try is lost on its way
      await (sent.length === 2 ? route.abort() : route.continue());
    });
    await openGallery(page, owner);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return counts(page).textContent();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('1,050 shown of 1,050');

    const order: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(gallery\/bulk-archive|gallery\/count|folders)$/.test(pathname)) order.push(pathname);
    });
    await page.keyboard.press('Control+a');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('1,050 selected').waitFor();
    await bar.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to archive 1,050 media?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to archive some images. Please try again.' }).waitFor();
    expect(sent).toEqual([1000, 50]);
    // the totals and tiles are read once the requests are over, not between them
    expect(order.slice(0, 2)).toEqual(['/api/gallery/bulk-archive', '/api/gallery/bulk-archive']);
    // the first batch is archived and gone from the view and the selection; the rest waits
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('50 shown of 50');
    await bar.getByText('50 selected').waitFor();
    expect(await galleryCount(owner.token, { status: 'archived' })).toBe(1000);
    expect(await galleryCount(owner.token)).toBe(50);

    await bar.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('No images match current filters').waitFor();
    expect(sent).toEqual([1000, 50, 50]);
    expect(await galleryCount(owner.token, { status: 'archived' })).toBe(1050);
    expect(await galleryCount(owner.token)).toBe(0);
  });
});
