import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiToken, call, workflowIdByName } from '../support/api.js';
import { DESKTOP, PHONE, appUrl, launchBrowser, newContext, signIn } from '../support/browser.js';
import {
  clearSeedUsed,
  createFolderViaApi,
  galleryCount,
  listGallery,
  ownerWithMedia,
  produceMedia,
  produceVideo,
  seedGalleryCopies,
  viewportScreenshot,
} from '../support/gallery.js';
import { capture, cutOffElements, fitsViewport } from '../support/screens.js';
import { createUser } from '../support/users.js';

let browser: Browser;
const contexts: BrowserContext[] = [];
let workflowId: number;

type Owner = { username: string; password: string; token: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await createUser('user');
  workflowId = await workflowIdByName(await apiToken(admin), 'Text to Image');
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function openPage(viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, viewport);
  contexts.push(context);
  return context.newPage();
}

/** Waits on a busy machine: vitest's poll gives up after 1 s by default. */
const WAIT = { timeout: 15_000, interval: 100 };

const uniqueName = (label: string) => `${label} ${randomBytes(2).toString('hex')}`;

const grid = (page: Page) => page.getByRole('list', { name: 'Media' });
const tiles = (page: Page) => grid(page).getByRole('listitem');
const viewButton = (page: Page, index: number) =>
  tiles(page)
    .nth(index)
    .getByRole('button', { name: /^View / });
const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Lightbox' });
const lightboxImage = (page: Page) => page.getByTestId('lightbox-stage').getByRole('img');
const counts = (page: Page) => page.getByTestId('gallery-counts');

async function openGallery(page: Page, owner: Owner, path = '/gallery'): Promise<void> {
  await signIn(page, owner);
  await page.goto(appUrl(path));
  await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
}

/** Every image drawn with real pixels (the worker's output, served by the API). */
async function imagesDrawn(page: Page): Promise<boolean> {
  return grid(page)
    .getByRole('img')
    .evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0));
}

describe('gallery', () => {
  let owner: Owner & { jobId: number };
  let jobName: string;

  beforeAll(async () => {
    jobName = uniqueName('Harbour lights');
    owner = await ownerWithMedia(jobName, 6);
    await createFolderViaApi(owner.token, { name: 'Favourites', hotkey: '1', color: '#22C55E' });
    await createFolderViaApi(owner.token, { name: 'Rejects', hotkey: 'r', color: '#EF4444' });
  });

  it('shows folder tiles and the ungrouped media, enters a folder and comes back by the breadcrumb', async () => {
    const page = await openPage();
    await openGallery(page, owner);
    await page.getByRole('heading', { name: 'Ungrouped Images (6)' }).waitFor();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(6);
    await expect.poll(() => imagesDrawn(page), WAIT).toBe(true);
    expect(await counts(page).textContent()).toBe('6 shown of 6');
    expect(await page.getByText('Ctrl+A select all', { exact: false }).count()).toBeGreaterThan(0);
    const folders = page.getByRole('navigation', { name: 'Folders' });
    expect(await folders.getByRole('button').allTextContents()).toEqual([
      expect.stringContaining('Favourites'),
      expect.stringContaining('Rejects'),
    ]);
    expect(await fitsViewport(page)).toBe(true);

    // hover shows the job and workflow on the tile
    await tiles(page).first().hover();
    const overlay = tiles(page).first().locator('[data-part="overlay"]');
    await expect.poll(() => overlay.evaluate((el) => getComputedStyle(el).opacity), WAIT).toBe('1');
    expect(await overlay.textContent()).toContain('Text to Image');

    await folders.getByRole('button', { name: 'Open folder Favourites' }).click();
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Favourites').waitFor();
    await page.getByText('This folder is empty').waitFor();
    expect(new URL(page.url()).search).toBe('?folder=Favourites');

    await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('button', { name: 'Gallery' }).click();
    await page.getByRole('heading', { name: 'Ungrouped Images (6)' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('moves an image by its folder hotkey in the lightbox, archives with Delete, and restores from Archived', async () => {
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(6);
    const ids = await tiles(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-item-id'))));

    await viewButton(page, 0).click();
    const box = lightbox(page);
    await box.getByRole('img', { name: `${jobName}, image ${ids[0]}` }).waitFor();
    await expect
      .poll(() => lightboxImage(page).evaluate((img) => (img as HTMLImageElement).naturalWidth), WAIT)
      .toBeGreaterThan(0);
    expect(await box.getByRole('group', { name: 'Hotkeys' }).textContent()).toContain('Favourites');
    await viewportScreenshot(page, 'gallery-lightbox-desktop');

    // Space and Enter are no shortcuts, and the lightbox opens with no button focused for them to press
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await box.getByRole('img', { name: `${jobName}, image ${ids[0]}` }).waitFor();
    expect(await box.getByRole('button', { name: 'Archive' }).isVisible()).toBe(true);
    expect(await listGallery(owner.token, { status: 'archived' })).toEqual([]);

    // U on an image in no folder does nothing: no move, no toast, the same image stays
    await page.keyboard.press('u');
    await page.waitForTimeout(300);
    await box.getByRole('img', { name: `${jobName}, image ${ids[0]}` }).waitFor();
    expect(await page.getByText('Removed from folder').count()).toBe(0);

    await page.keyboard.press('1');
    await page.getByText('Moved to Favourites').waitFor();
    await box.getByRole('img', { name: `${jobName}, image ${ids[1]}` }).waitFor();
    await expect
      .poll(async () => (await listGallery(owner.token, { folder: 'Favourites' })).map((i) => i.id), WAIT)
      .toEqual([ids[0]]);
    // the toast goes after 1.5 s
    await page.getByText('Moved to Favourites').waitFor({ state: 'detached', timeout: 4000 });

    await page.keyboard.press('Delete');
    await box.getByRole('img', { name: `${jobName}, image ${ids[2]}` }).waitFor();
    await expect
      .poll(async () => (await listGallery(owner.token, { status: 'archived' })).map((i) => i.id), WAIT)
      .toEqual([ids[1]]);

    await page.keyboard.press('ArrowRight');
    await box.getByRole('img', { name: `${jobName}, image ${ids[3]}` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await box.getByRole('img', { name: `${jobName}, image ${ids[2]}` }).waitFor();
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Ungrouped Images (4)' }).waitFor();
    expect(await tiles(page).count()).toBe(4);

    await page.getByLabel('Status').selectOption('archived');
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    expect(await tiles(page).first().getAttribute('data-item-id')).toBe(String(ids[1]));
    await tiles(page)
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    await lightbox(page).getByRole('button', { name: 'Restore' }).click();
    await lightbox(page).waitFor({ state: 'detached' });
    await page.getByText('No images match current filters').waitFor();
    expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).toContain('Status: archived');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByRole('heading', { name: 'Ungrouped Images (5)' }).waitFor();
    expect((await listGallery(owner.token, { status: 'archived' })).length).toBe(0);

    await page.getByRole('button', { name: 'Open folder Favourites' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    await capture(page, 'gallery-folder-desktop');
  });

  it('zooms with the wheel between 0.5x and 10x, pans when zoomed, and 0 resets it', async () => {
    const page = await openPage();
    await openGallery(page, owner);
    await tiles(page)
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const stage = page.getByTestId('lightbox-stage');
    const zoom = page.getByRole('status', { name: 'Zoom' });
    await zoom.waitFor();
    expect(await zoom.textContent()).toBe('100%');
    const centre = await stage.boundingBox();
    await page.mouse.move(centre!.x + centre!.width / 2, centre!.y + centre!.height / 2);

    await page.mouse.wheel(0, -100);
    await expect.poll(() => zoom.textContent(), WAIT).toBe('110%');
    for (let i = 0; i < 40; i++) await page.mouse.wheel(0, -100);
    await expect.poll(() => zoom.textContent(), WAIT).toBe('1000%');
    expect(Number(await zoom.getAttribute('data-zoom'))).toBe(10);

    // dragging pans the zoomed image
    const img = stage.getByRole('img');
    const before = await img.evaluate((el) => (el as HTMLElement).style.transform);
    await page.mouse.down();
    await page.mouse.move(centre!.x + centre!.width / 2 + 80, centre!.y + centre!.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    expect(await img.evaluate((el) => (el as HTMLElement).style.transform)).not.toBe(before);

    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, 100);
    await expect.poll(() => zoom.textContent(), WAIT).toBe('50%');
    expect(Number(await zoom.getAttribute('data-zoom'))).toBe(0.5);

    await page.keyboard.press('0');
    await expect.poll(() => zoom.textContent(), WAIT).toBe('100%');
  });

  it('updates the tags in the lightbox, where typing is not a shortcut, and shows them on the tile', async () => {
    const page = await openPage();
    await openGallery(page, owner);
    const tile = tiles(page).first();
    const id = Number(await tile.getAttribute('data-item-id'));
    await tile.getByRole('button', { name: /^View / }).click();
    const field = lightbox(page).getByLabel('Add a tag');
    for (const tag of ['r1', 'night', 'fog']) {
      await field.fill(tag);
      await field.press('Enter');
      await lightbox(page).getByRole('listitem').filter({ hasText: tag }).waitFor();
    }
    await lightbox(page).getByRole('button', { name: 'Remove tag night' }).click();
    await expect
      .poll(
        async () => (await listGallery(owner.token, { folder: '' })).find((item) => item.id === id)?.user_tags,
        WAIT,
      )
      .toEqual(['r1', 'fog']);
    // 'r' and '1' are folder hotkeys: typed into the field they moved nothing
    expect((await listGallery(owner.token, { folder: '' })).some((item) => item.id === id)).toBe(true);
    // a tag the server would refuse stays in the field with the reason, and nothing is saved
    const long = 'w'.repeat(51);
    await field.fill(long);
    await field.press('Enter');
    await lightbox(page).getByRole('alert').getByText('A tag is at most 50 characters').waitFor();
    expect(await field.inputValue()).toBe(long);
    expect((await listGallery(owner.token, { folder: '' })).find((item) => item.id === id)?.user_tags).toEqual([
      'r1',
      'fog',
    ]);
    await field.fill('');

    // Escape leaves the field for the image, not for the page under the dialog; the next closes it
    await field.focus();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('lightbox-stage');
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    await tile.hover();
    expect(await tile.locator('[data-part="overlay"]').textContent()).toContain('r1fog');
  });

  it('shows a new item from the worker at the top without a reload', async () => {
    const page = await openPage();
    await openGallery(page, owner, `/gallery/${owner.jobId}`);
    await page.getByText(`Showing the media of job “${jobName}”`).waitFor();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(6);
    const liveName = uniqueName('Arrives live');
    // the live connection of the new document is up before the worker makes anything
    const connected = page
      .waitForEvent('websocket')
      .then((socket) =>
        socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).startsWith('40') }),
      );
    await page.goto(appUrl('/gallery'));
    await connected;
    const before = (await listGallery(owner.token, { folder: '' })).length;
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before);
    await produceMedia(owner.token, workflowId, liveName, 2);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before + 2);
    expect(await tiles(page).first().getAttribute('aria-label')).toContain(liveName);
  });
});

describe('gallery without its live connection', () => {
  it('still shows new items at the top, reading the newest page every 5 s', async () => {
    const owner = await ownerWithMedia(uniqueName('Cut off'), 1);
    const page = await openPage();
    // neither transport of the live connection gets through: no socket, no long-polling
    await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await page.route('**/socket.io/**', (route) => route.abort());
    await openGallery(page, owner, '/gallery');
    const before = (await listGallery(owner.token, { folder: '' })).length;
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before);
    const name = uniqueName('Arrives by poll');
    await produceMedia(owner.token, workflowId, name, 2);
    await expect.poll(() => tiles(page).count(), { ...WAIT, timeout: 20_000 }).toBe(before + 2);
    expect(await tiles(page).first().getAttribute('aria-label')).toContain(name);
  });
});

describe('gallery failures and media kinds', () => {
  it("says 'Failed to load images' when the gallery cannot be read, and loads on retry", async () => {
    const owner = await ownerWithMedia(uniqueName('Offline'), 1);
    const page = await openPage();
    await signIn(page, owner);
    await page.route('**/api/gallery?*', (route) => route.abort());
    await page.goto(appUrl('/gallery'));
    await page.getByRole('alert').filter({ hasText: 'Failed to load images' }).waitFor({ timeout: 15_000 });
    await page.unroute('**/api/gallery?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
  });

  it('plays a video in the lightbox; its tile is recognised by the file extension', async () => {
    const user = await createUser('user');
    const token = await apiToken(user);
    const name = uniqueName('Waves');
    await produceVideo(token, name);
    const page = await openPage();
    await openGallery(page, { ...user, token });
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    const tile = tiles(page).first();
    expect(await tile.getAttribute('aria-label')).toMatch(/, video \d+$/);
    expect(await tile.locator('video').count()).toBe(1);
    await tile.getByRole('button', { name: /^View / }).click();
    const video = page.getByTestId('lightbox-stage').locator('video');
    await expect
      .poll(
        () => video.evaluate((el) => (el as HTMLVideoElement).currentTime > 0 && !(el as HTMLVideoElement).paused),
        WAIT,
      )
      .toBe(true);
  });

  it("says 'Failed to move some images. Please try again.' when a bulk move fails", async () => {
    const owner = await ownerWithMedia(uniqueName('Stuck'), 2);
    await createFolderViaApi(owner.token, { name: 'Elsewhere', hotkey: '1' });
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await page.keyboard.press('Control+a');
    await page.route('**/api/gallery/bulk-folder', (route) => route.abort());
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Folder').selectOption('Elsewhere');
    await bar.getByRole('button', { name: 'Move to folder' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to move some images. Please try again.' }).waitFor();
    expect(await bar.getByText('2 selected').isVisible()).toBe(true);
  });
});

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
    await page.keyboard.press('Control+a');
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('3 selected').waitFor();
  });
});

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

    await page.keyboard.press('Control+a');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('1050 selected').waitFor();
    await bar.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to archive 1050 media?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to archive some images. Please try again.' }).waitFor();
    expect(sent).toEqual([1000, 50]);
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

describe('folder manager', () => {
  it('creates folders with Auto hotkeys, validates name and hotkey, edits and deletes', async () => {
    const owner = await ownerWithMedia(uniqueName('Forest'), 1);
    const page = await openPage();
    await openGallery(page, owner);
    await page.getByRole('button', { name: 'Manage Folders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Folders' });
    await dialog.getByText('No folders yet. Create your first folder above!').waitFor();

    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.getByText('Folder name is required').waitFor();
    await dialog.getByLabel('Folder name').fill('x'.repeat(51));
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.getByText('Folder name must be at most 50 characters').waitFor();
    await dialog.getByLabel('Folder name').fill('   Portraits  ');
    await dialog.getByLabel('Hotkey').fill('0');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.getByText('Hotkey must be a single digit 1-9 or letter a-z').waitFor();
    expect(
      await dialog
        .getByRole('radiogroup', { name: 'Colour' })
        .getByRole('radio', { checked: true })
        .getAttribute('aria-label'),
    ).toBe('#3B82F6');
    expect(await dialog.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio').count()).toBe(12);

    await dialog.getByRole('button', { name: 'Auto' }).click();
    expect(await dialog.getByLabel('Hotkey').inputValue()).toBe('1');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    const list = dialog.getByRole('list', { name: 'Your folders' });
    await list.getByRole('listitem', { name: 'Portraits' }).waitFor();

    // the server's refusal goes once the name is changed: it was about the name sent
    await page.route('**/api/folders', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await dialog.getByLabel('Folder name').fill('Offline');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    const refused = dialog.getByRole('alert').filter({ hasText: 'Failed to create folder. Please try again.' });
    await refused.waitFor();
    await dialog.getByLabel('Folder name').fill('Offline again');
    await refused.waitFor({ state: 'detached' });
    await page.unroute('**/api/folders');

    await dialog.getByLabel('Folder name').fill('Landscapes');
    await dialog.getByLabel('Hotkey').fill('1');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.getByText('Hotkey 1 is already used by another folder').waitFor();
    await dialog.getByRole('button', { name: 'Auto' }).click();
    expect(await dialog.getByLabel('Hotkey').inputValue()).toBe('2');
    await dialog.getByLabel('Hotkey').fill('Q');
    expect(await dialog.getByLabel('Hotkey').inputValue()).toBe('q');
    await dialog.getByRole('radio', { name: '#EC4899' }).click();
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await list.getByRole('listitem', { name: 'Landscapes' }).waitFor();
    await viewportScreenshot(page, 'gallery-folder-manager-desktop');

    await list.getByRole('listitem', { name: 'Landscapes' }).getByRole('button', { name: 'Edit' }).click();
    expect(await dialog.getByLabel('Folder name').inputValue()).toBe('Landscapes');
    await dialog.getByLabel('Folder name').fill('Seascapes');
    await dialog.getByRole('button', { name: 'Save Folder' }).click();
    await list.getByRole('listitem', { name: 'Seascapes' }).waitFor();

    await page.route('**/api/folders/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort() : route.continue(),
    );
    await list.getByRole('listitem', { name: 'Seascapes' }).getByRole('button', { name: 'Delete' }).click();
    // it asks first; Cancel keeps the folder and gives focus back to its Delete
    const confirm = page.getByRole('alertdialog', { name: 'Delete folder' });
    await confirm.getByText('Delete Seascapes? It is empty.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe('Delete');
    expect(await list.getByRole('listitem').count()).toBe(2);

    await list.getByRole('listitem', { name: 'Seascapes' }).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Failed to delete folder. Please try again.' }).waitFor();
    await page.unroute('**/api/folders/*');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await list.getByRole('listitem', { name: 'Seascapes' }).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    // focus goes to the folder beside the deleted one, not to the page's start
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-label')), WAIT)
      .toBe('Portraits');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const tilesNav = page.getByRole('navigation', { name: 'Folders' });
    await tilesNav.getByRole('button', { name: 'Open folder Portraits' }).waitFor();
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
    const context = await browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      baseURL: inject('e2eBaseUrl'),
    });
    contexts.push(context);
    const page = await context.newPage();
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

    const touch = await context.newCDPSession(page);
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

    // at the first image Previous keeps the focus, rather than dropping it to the page
    const previous = box.getByRole('button', { name: 'Previous' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');
    await previous.focus();
    await page.keyboard.press('Enter');
    await shows(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous');
  });
});

describe('views kept true to the server', () => {
  it('shows items moved into a folder seen before, and a selection stays with the view it was made in', async () => {
    const owner = await ownerWithMedia(uniqueName('Orchard'), 4);
    await createFolderViaApi(owner.token, { name: 'Sketches', hotkey: 's' });
    const page = await openPage();
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(4);
    const folders = page.getByRole('navigation', { name: 'Folders' });
    const breadcrumb = page.getByRole('navigation', { name: 'breadcrumb' });
    await folders.getByRole('button', { name: 'Open folder Sketches' }).click();
    await page.getByText('This folder is empty').waitFor();
    await breadcrumb.getByRole('button', { name: 'Gallery' }).click();

    await viewButton(page, 0).click({ modifiers: ['Control'] });
    await viewButton(page, 1).click({ modifiers: ['Control'] });
    await page.keyboard.press('s');
    await page.getByRole('heading', { name: 'Ungrouped Images (2)' }).waitFor();
    await folders.getByRole('button', { name: 'Open folder Sketches' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('2 shown of 2');
    await breadcrumb.getByRole('button', { name: 'Gallery' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);

    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await viewButton(page, 0).click({ modifiers: ['Control'] });
    await bar.getByText('1 selected').waitFor();
    await page.getByLabel('Status').selectOption('archived');
    await bar.waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('active');
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);
    expect(await bar.count()).toBe(0);
  });

  it('follows the folder being viewed when it is renamed, and goes back to the gallery when it is deleted', async () => {
    const owner = await ownerWithMedia(uniqueName('Quarry'), 3);
    await createFolderViaApi(owner.token, { name: 'Stones', hotkey: 't' });
    const [first] = await listGallery(owner.token, {});
    await call(`/gallery/${first!.id}/folder`, {
      method: 'PUT',
      token: owner.token,
      body: JSON.stringify({ folder_path: 'Stones' }),
    });
    const page = await openPage();
    await openGallery(page, owner, '/gallery?folder=Stones');
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);

    await page.getByRole('button', { name: 'Manage Folders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Folders' });
    const list = dialog.getByRole('list', { name: 'Your folders' });
    await list.getByRole('listitem', { name: 'Stones' }).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Folder name').fill('Pebbles');
    await dialog.getByRole('button', { name: 'Save Folder' }).click();
    await list.getByRole('listitem', { name: 'Pebbles' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('folder'), WAIT).toBe('Pebbles');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Pebbles').waitFor();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);

    // renamed in letter case only, it is followed too
    await page.getByRole('button', { name: 'Manage Folders' }).click();
    await list.getByRole('listitem', { name: 'Pebbles' }).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Folder name').fill('PEBBLES');
    await dialog.getByRole('button', { name: 'Save Folder' }).click();
    await list.getByRole('listitem', { name: 'PEBBLES' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('folder'), WAIT).toBe('PEBBLES');

    await list.getByRole('listitem', { name: 'PEBBLES' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete folder' });
    await confirm.getByText('Delete PEBBLES? Its 1 item will be unfoldered (kept, ungrouped).').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await list.getByRole('listitem', { name: 'PEBBLES' }).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), WAIT).not.toBe('BODY');
    await expect.poll(() => new URL(page.url()).searchParams.has('folder'), WAIT).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Ungrouped Images (3)' }).waitFor();
  });

  it('offers no Clear Filters when nothing is filtered, and sends /gallery/{not an id} to /', async () => {
    const user = await createUser('user');
    const page = await openPage();
    await openGallery(page, { ...user, token: await apiToken(user) });
    await page.getByText('No images match current filters').waitFor();
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);

    await page.goto(appUrl('/gallery/abc'));
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
  });
});

describe('infinite scroll', () => {
  it('loads the second page of 100 when scrolled near the bottom, then says there is no more', async () => {
    const owner = await ownerWithMedia(uniqueName('Long shore'), 3);
    await seedGalleryCopies(owner.jobId, 150);
    const page = await openPage();
    const pages: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/gallery') pages.push(request.url());
    });
    await openGallery(page, owner);
    await page.getByRole('heading', { name: 'Ungrouped Images (150)' }).waitFor();
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('100 shown of 150');
    expect(pages.length).toBe(1);
    expect(new URL(pages[0]!).searchParams.get('limit')).toBe('100');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('150 shown of 150');
    expect(pages.length).toBe(2);
    expect(new URL(pages[1]!).searchParams.get('cursor')).toBeTruthy();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByText('No more images to load').waitFor();
  });
});

describe('gallery on a phone', () => {
  it('fits 390x844 with the gallery, a folder, the lightbox and the folder manager', async () => {
    const owner = await ownerWithMedia(uniqueName('Pocket'), 4);
    await createFolderViaApi(owner.token, { name: 'Pocket picks', hotkey: '1', color: '#8B5CF6' });
    const page = await openPage(PHONE);
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(4);
    await expect.poll(() => imagesDrawn(page), WAIT).toBe(true);
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
    await capture(page, 'gallery-phone');

    await tiles(page)
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    await lightboxImage(page).waitFor();
    await viewportScreenshot(page, 'gallery-lightbox-phone');
    await page.keyboard.press('1');
    await page.getByText('Moved to Pocket picks').waitFor();
    await page.keyboard.press('Escape');

    await page.getByText('Moved to Pocket picks').waitFor({ state: 'detached', timeout: 4000 });
    await page.getByRole('button', { name: 'Open folder Pocket picks' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
    await capture(page, 'gallery-folder-phone');

    await page.getByRole('button', { name: 'Manage Folders' }).click();
    await page
      .getByRole('dialog', { name: 'Manage Folders' })
      .getByRole('listitem', { name: 'Pocket picks' })
      .waitFor();
    await viewportScreenshot(page, 'gallery-folder-manager-phone');
  });

  it('shows the desktop gallery', async () => {
    const owner = await ownerWithMedia(uniqueName('Wide'), 8);
    await createFolderViaApi(owner.token, { name: 'Best', hotkey: '1', color: '#F59E0B' });
    await createFolderViaApi(owner.token, { name: 'Later', hotkey: '2' });
    const items = await listGallery(owner.token);
    const page = await openPage();
    await signIn(page, owner);
    // put two items in Best so its tile has previews
    await page.evaluate(
      async (ids) => {
        await fetch('/api/gallery/bulk-folder', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
          body: JSON.stringify({ ids, folder_path: 'Best' }),
        });
      },
      items.slice(0, 2).map((item) => item.id),
    );
    await page.goto(appUrl('/gallery'));
    await expect.poll(() => tiles(page).count(), WAIT).toBe(6);
    await expect.poll(() => imagesDrawn(page), WAIT).toBe(true);
    await capture(page, 'gallery-desktop');
  });
});
