import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { PHONE, WAIT, pagesOfOneBrowser } from '../support/browser.js';
import {
  clearSeedUsed,
  createFolderViaApi,
  listGallery,
  ownerWithMedia,
  seedGalleryCopies,
} from '../support/gallery.js';
import {
  type Owner,
  grid,
  lightbox,
  lightboxImage,
  openGallery,
  tiles,
  uniqueName,
  viewButton,
} from '../support/gallery-page.js';
import { cutOffElements } from '../support/screens.js';
import type { Page } from 'playwright-core';

const openPage = pagesOfOneBrowser();

describe('lightbox edge cases', () => {
  it('shows the next item when the open one leaves the view, and keys pressed in the shortcut sheet stay there', async () => {
    const jobName = uniqueName('Tide pools');
    const owner = await ownerWithMedia(jobName, 3);
    const ids = (await listGallery(owner.token)).map((item) => item.id);
    for (const id of ids.slice(0, 2)) {
      await call(`/gallery/${id}/tags`, {
        method: 'PUT',
        token: owner.token,
        body: JSON.stringify({ user_tags: ['sunset'] }),
      });
    }
    const page = await openPage();
    await openGallery(page, owner, '/gallery?search=sunset');
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await viewButton(page, 0).click();
    const box = lightbox(page);
    await box.getByRole('img', { name: `${jobName}, image ${ids[0]}` }).waitFor();

    // without its tag the item no longer matches the search: the lightbox moves on to the next
    await box.getByRole('button', { name: 'Remove tag sunset' }).click();
    await box.getByRole('img', { name: `${jobName}, image ${ids[1]}` }).waitFor();

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.getByRole('row').first().textContent()).toBe(
      '←→↑↓HomeEndPage UpPage DownMove between items (Enter opens one, Tab goes on to its Select box, Space there selects)',
    );
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await box.getByRole('img', { name: `${jobName}, image ${ids[1]}` }).waitFor();
    expect(await listGallery(owner.token, { status: 'archived' })).toEqual([]);

    // the last one leaves too: the lightbox closes and the gallery's own keys work again
    await box.getByRole('button', { name: 'Remove tag sunset' }).click();
    await box.waitFor({ state: 'detached' });
    await page.getByText('No images match current filters').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    // the button went with the empty state; the keyboard stayed in the gallery
    expect(await page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BODY');
    await page.keyboard.press('Control+a');
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('3 selected').waitFor();
  });

  it('archives one item for Enter held on Archive or Delete held, not each item shown after it', async () => {
    const jobName = uniqueName('Held keys');
    const owner = await ownerWithMedia(jobName, 5);
    const ids = (await listGallery(owner.token)).map((item) => item.id);
    const page = await openPage();
    const archives: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/gallery\/\d+\/archive$/.test(request.url())) archives.push(new URL(request.url()).pathname);
    });
    await openGallery(page, owner);
    await viewButton(page, 0).click();
    const box = lightbox(page);
    const held = async (key: string) => {
      for (let i = 0; i < 4; i++) await page.keyboard.down(key);
      await page.keyboard.up(key);
    };

    await box.getByRole('button', { name: 'Archive' }).focus();
    await held('Enter');
    await box.getByRole('img', { name: `${jobName}, image ${ids[1]}` }).waitFor();
    await held('Delete');
    await box.getByRole('img', { name: `${jobName}, image ${ids[2]}` }).waitFor();
    await expect.poll(async () => (await listGallery(owner.token, { status: 'archived' })).length, WAIT).toBe(2);
    expect(archives).toEqual([`/api/gallery/${ids[0]}/archive`, `/api/gallery/${ids[1]}/archive`]);
  });
});

describe('lightbox focus', () => {
  /** The gallery item whose tile holds the focus, or what else does. */
  const focusedItem = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      const tile = el?.closest<HTMLElement>('[data-item-id]');
      if (tile) return Number(tile.dataset.itemId);
      return el === document.body ? 'body' : 'elsewhere';
    });

  it('gives the keyboard back to the tile shown last, or to the gallery once that tile has gone', async () => {
    const owner = await ownerWithMedia(uniqueName('Harbour lights'), 3);
    await createFolderViaApi(owner.token, { name: uniqueName('Keep'), hotkey: 'k' });
    const ids = (await listGallery(owner.token)).map((item) => item.id);
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    const box = lightbox(page);
    /** Opens the focused tile, presses `key` there, and waits for the item `shown` to take the stage. */
    const openAndPress = async (key: string, shown: number) => {
      await page.keyboard.press('Enter');
      await box.waitFor();
      await page.keyboard.press(key);
      await lightboxImage(page)
        .and(page.getByRole('img', { name: new RegExp(` ${shown}$`) }))
        .waitFor();
    };
    const closed = async () => {
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'detached' });
    };

    await viewButton(page, 0).focus();
    await openAndPress('ArrowRight', ids[1]!);
    await closed();
    await expect.poll(() => focusedItem(page), WAIT).toBe(ids[1]);

    // moved out of this view, the item takes its tile with it: focus goes to the one shown instead
    await openAndPress('k', ids[2]!);
    await closed();
    await expect.poll(() => focusedItem(page), WAIT).toBe(ids[2]);

    // the last ones archived, the lightbox closes by itself and the gallery keeps the focus
    await openAndPress('Delete', ids[0]!);
    await page.keyboard.press('Delete');
    await box.waitFor({ state: 'detached' });
    await expect.poll(() => tiles(page).count(), WAIT).toBe(0);
    await expect.poll(() => focusedItem(page), WAIT).toBe('elsewhere');
  });
  it("keeps the focus on a folder's button that the next item, already in that folder, cannot use", async () => {
    const owner = await ownerWithMedia(uniqueName('Two rooms'), 2);
    const folder = uniqueName('Room');
    await createFolderViaApi(owner.token, { name: folder });
    const ids = (await listGallery(owner.token, { job_id: String(owner.jobId) })).map((item) => item.id);
    await call(`/gallery/${ids[1]}/folder`, {
      method: 'PUT',
      token: owner.token,
      body: JSON.stringify({ folder_path: folder }),
    });
    const page = await openPage();
    await openGallery(page, owner, `/gallery/${owner.jobId}`);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await viewButton(page, 0).click();
    const box = lightbox(page);
    const moveHere = box.getByRole('button', { name: `Move to ${folder}` });
    await moveHere.focus();
    await page.keyboard.press('Enter');
    await lightboxImage(page)
      .and(page.getByRole('img', { name: new RegExp(` ${ids[1]}$`) }))
      .waitFor();
    await expect.poll(() => moveHere.getAttribute('aria-disabled'), WAIT).toBe('true');
    expect(await moveHere.evaluate((button) => button === document.activeElement)).toBe(true);
    // pressed again where the item already is, it does nothing
    await page.keyboard.press('Enter');
    await lightboxImage(page)
      .and(page.getByRole('img', { name: new RegExp(` ${ids[1]}$`) }))
      .waitFor();
    expect((await listGallery(owner.token, { folder })).map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it('scrolls back to the tile of the item shown last when the lightbox went far from where it was opened', async () => {
    const owner = await ownerWithMedia(uniqueName('Long corridor'), 1);
    await seedGalleryCopies(owner.jobId, 90);
    const ids = (await listGallery(owner.token, { limit: '100' })).map((item) => item.id);
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBeGreaterThan(0);
    await viewButton(page, 0).focus();
    await page.keyboard.press('Enter');
    const box = lightbox(page);
    await box.waitFor();
    for (let step = 0; step < 80; step++) await page.keyboard.press('ArrowRight');
    await lightboxImage(page)
      .and(page.getByRole('img', { name: new RegExp(` ${ids[80]}$`) }))
      .waitFor();
    // the grid draws only the rows near the window: the tile of item 81 is not drawn while the first rows show
    expect(await page.locator(`[data-item-id="${ids[80]}"]`).count()).toBe(0);

    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    await expect.poll(() => focusedItem(page), WAIT).toBe(ids[80]);
    expect(await page.locator(`[data-item-id="${ids[80]}"]`).isVisible()).toBe(true);
    expect(
      await page.locator(`[data-item-id="${ids[80]}"]`).evaluate((tile) => {
        const { top, bottom } = tile.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      }),
    ).toBe(true);
  });
});

describe('lightbox details', () => {
  let owner: Owner & { jobId: number };
  let jobName: string;

  beforeAll(async () => {
    jobName = uniqueName('Lantern');
    owner = await ownerWithMedia(jobName, 2);
  });

  const isFocused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);

  it("links the medium's job, copies its seed, serves the original for download, all by keyboard", async () => {
    const page = await openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    const id = Number(await tiles(page).first().getAttribute('data-item-id'));
    const item = (await listGallery(owner.token)).find((seen) => seen.id === id)!;
    expect(item.seed_used).not.toBeNull();
    await viewButton(page, 0).click();
    const box = lightbox(page);
    await lightboxImage(page).waitFor();

    const seed = box.getByRole('button', { name: `Copy Seed ${item.seed_used}` });
    expect(await seed.getByText(`Seed ${item.seed_used}`, { exact: true }).isVisible()).toBe(true);
    await seed.click();
    await box.getByText('Seed copied').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(item.seed_used));
    // the click was no shortcut: the same image is still shown
    await box.getByRole('img', { name: `${jobName}, image ${id}` }).waitFor();

    const download = box.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('download')).not.toBeNull();
    const href = (await download.getAttribute('href'))!;
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, href);
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^image\//);

    // from the image, back through the header row by keyboard, and Enter follows the job link
    await lightboxImage(page).click();
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(download)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(seed)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    const jobLink = box.getByRole('link', { name: 'Job details' });
    expect(await isFocused(jobLink)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: jobName }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/job/${item.job_id}`);
    expect(item.job_id).toBe(owner.jobId);
    expect(await lightbox(page).count()).toBe(0);
  });

  it('fits a phone, and shows no seed for a medium made without one', async () => {
    const items = await listGallery(owner.token);
    const unseeded = items[0]!;
    await clearSeedUsed(unseeded.id);
    const page = await openPage(PHONE);
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await grid(page)
      .locator(`[data-item-id="${unseeded.id}"]`)
      .getByRole('button', { name: /^View / })
      .click();
    const box = lightbox(page);
    await box.getByRole('img', { name: `${unseeded.job_name}, image ${unseeded.id}` }).waitFor();
    await box.getByRole('link', { name: 'Download' }).waitFor();
    expect(await box.getByRole('button', { name: /Seed/ }).count()).toBe(0);
    expect(await cutOffElements(page)).toEqual([]);
    // the row sits between the header and the image, overlapping neither
    const row = (await box.getByRole('link', { name: 'Job details' }).boundingBox())!;
    const close = (await box.getByRole('button', { name: 'Close lightbox' }).boundingBox())!;
    const stage = (await page.getByTestId('lightbox-stage').boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(close.y + close.height);
    expect(row.y + row.height).toBeLessThanOrEqual(stage.y);

    await box.getByRole('link', { name: 'Job details' }).click();
    await page.getByRole('heading', { level: 1, name: unseeded.job_name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/job/${unseeded.job_id}`);
  });
});

describe('lightbox by touch', () => {
  it('swipes between images, pinches to zoom, and moves an image by tapping a folder that has no hotkey', async () => {
    const owner = await ownerWithMedia(uniqueName('Tidal'), 3);
    await createFolderViaApi(owner.token, { name: 'Shells', hotkey: null });
    const page = await openPage(PHONE, { hasTouch: true, isMobile: true });
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    const ids = await tiles(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-item-id'))));

    // a finger a little outside the 24px Select box still selects, rather than opening the image
    const selectBox = tiles(page).nth(1).getByRole('button', { name: 'Select' });
    await selectBox.scrollIntoViewIfNeeded();
    const select = (await selectBox.boundingBox())!;
    await page.touchscreen.tap(select.x - 5, select.y + select.height + 5);
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('1 selected').waitFor();
    expect(await lightbox(page).count()).toBe(0);
    await bar.getByRole('button', { name: 'Clear' }).tap();
    await bar.waitFor({ state: 'detached' });

    await viewButton(page, 0).tap();
    const box = lightbox(page);
    const shows = (index: number) => box.getByRole('img', { name: new RegExp(`, image ${ids[index]}$`) }).waitFor();
    await shows(0);

    const touch = await page.context().newCDPSession(page);
    const stage = (await page.getByTestId('lightbox-stage').boundingBox())!;
    const mid = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    const gesture = async (from: Array<{ x: number; y: number }>, to: Array<{ x: number; y: number }>) => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: from });
      for (let step = 1; step <= 5; step++) {
        const at = from.map((p, i) => ({
          x: p.x + ((to[i]!.x - p.x) * step) / 5,
          y: p.y + ((to[i]!.y - p.y) * step) / 5,
        }));
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at });
      }
      // the finger rests before it lifts: lifted moving, the page would fling, and Chromium spends
      // the next tap on stopping the fling instead of clicking
      await page.waitForTimeout(200);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: to });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const swipe = (dx: number) => gesture([{ x: mid.x - dx / 2, y: mid.y }], [{ x: mid.x + dx / 2, y: mid.y }]);

    await swipe(-150);
    await shows(1);
    await swipe(150);
    await shows(0);

    const zoom = () => box.getByRole('status', { name: 'Zoom' }).getAttribute('data-zoom');
    await gesture(
      [
        { x: mid.x - 20, y: mid.y },
        { x: mid.x + 20, y: mid.y },
      ],
      [
        { x: mid.x - 80, y: mid.y },
        { x: mid.x + 80, y: mid.y },
      ],
    );
    await expect.poll(async () => Number(await zoom()), WAIT).toBeGreaterThan(2);
    // zoomed in, a sideways finger pans the image rather than leaving it
    await swipe(-150);
    await shows(0);

    await box.getByRole('button', { name: 'Move to Shells' }).tap();
    await shows(1);
    await expect
      .poll(async () => (await listGallery(owner.token, { folder: 'Shells' })).map((i) => i.id), WAIT)
      .toEqual([ids[0]]);
    expect(Number(await zoom())).toBe(1);

    // at the first image Previous keeps the focus, rather than dropping it to the page; the moved
    // image leaves the list when the move's answer reaches the page, moments after the server has it
    const previous = box.getByRole('button', { name: 'Previous' });
    await expect.poll(() => previous.getAttribute('aria-disabled'), WAIT).toBe('true');
    await previous.focus();
    await page.keyboard.press('Enter');
    await shows(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous');
  });
});
