import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, workflowIdByName } from '../support/api.js';
import { WAIT, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import {
  createFolderViaApi,
  listGallery,
  ownerWithMedia,
  produceMedia,
  produceVideo,
  viewportScreenshot,
} from '../support/gallery.js';
import {
  type Owner,
  counts,
  imagesDrawn,
  lightbox,
  lightboxImage,
  openGallery,
  openLiveGallery,
  tiles,
  uniqueName,
  viewButton,
} from '../support/gallery-page.js';
import { capture, fitsViewport } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

let workflowId: number;

beforeAll(async () => {
  const user = await createUser('user');
  workflowId = await workflowIdByName(await apiToken(user), 'Text to Image');
});

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
    // fifty emoji are fifty characters, as the server counts them, though twice as many code units
    const cats = '🐱'.repeat(50);
    await field.fill(cats);
    await field.press('Enter');
    await expect
      .poll(
        async () => (await listGallery(owner.token, { folder: '' })).find((item) => item.id === id)?.user_tags,
        WAIT,
      )
      .toEqual(['r1', 'fog', cats]);
    expect(await field.inputValue()).toBe('');

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
    const before = await openLiveGallery(page, owner);
    await produceMedia(owner.token, workflowId, liveName, 2);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before + 2);
    expect(await tiles(page).first().getAttribute('aria-label')).toContain(liveName);
  });

  it('keeps the tile under the pointer in place while new items arrive, and puts them on top once it leaves', async () => {
    const page = await openPage();
    await signIn(page, owner);
    const before = await openLiveGallery(page, owner);
    const pointed = await tiles(page).first().getAttribute('aria-label');
    await tiles(page).first().hover();
    const liveName = uniqueName('Arrives under the pointer');
    await produceMedia(owner.token, workflowId, liveName, 2);
    // the total counts them (the events came) while the tiles stay as they were under the pointer
    await expect.poll(() => counts(page).textContent(), WAIT).toBe(`${before} shown of ${before + 2}`);
    expect(await tiles(page).first().getAttribute('aria-label')).toBe(pointed);
    await page.getByRole('heading', { level: 1, name: 'Gallery' }).hover();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before + 2);
    expect(await tiles(page).first().getAttribute('aria-label')).toContain(liveName);
  });

  it('shows, back from another page, the items made while that page was open', async () => {
    const page = await openPage();
    await signIn(page, owner);
    const before = await openLiveGallery(page, owner);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Generation History' }).waitFor();
    const name = uniqueName('Made meanwhile');
    await produceMedia(owner.token, workflowId, name, 2);
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(before + 2);
    expect(await tiles(page).first().getAttribute('aria-label')).toContain(name);
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

    // the wheel zooms a video as it does an image: what the zoom reads is what is drawn
    const width = () => video.evaluate((el) => Math.round(el.getBoundingClientRect().width));
    const before = await width();
    const box = await video.boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
    const zoom = page.getByRole('status', { name: 'Zoom' });
    await expect.poll(async () => Number(await zoom.getAttribute('data-zoom')), WAIT).toBeGreaterThan(1.5);
    const zoomedBy = Number(await zoom.getAttribute('data-zoom'));
    await expect.poll(async () => Math.abs((await width()) / before - zoomedBy) < 0.05, WAIT).toBe(true);
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
