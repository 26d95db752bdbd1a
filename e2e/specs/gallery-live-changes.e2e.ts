import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, call } from '../support/api.js';
import { WAIT, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { listGallery, ownerWithMedia, seedGalleryCopies } from '../support/gallery.js';
import { counts, gotoLive, grid, lightbox, openLiveGallery, tiles, uniqueName } from '../support/gallery-page.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

const folderTile = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: `Open folder ${name}` });

/** Opened from the keyboard, so the pointer is not over the media (where the tiles are kept still). */
async function openLightbox(page: Page, itemId: number): Promise<void> {
  await page
    .locator(`[data-item-id="${itemId}"]`)
    .getByRole('button', { name: /^View / })
    .focus();
  await page.keyboard.press('Enter');
  await lightbox(page).waitFor();
}

describe('gallery changes made in another tab of the same user', () => {
  it('shows a folder made in one tab and an item moved or archived in another, without a reload', async () => {
    const jobName = uniqueName('Two tabs');
    const owner = await ownerWithMedia(jobName, 3);
    const ids = (await listGallery(owner.token, { folder: '' })).map((item) => item.id);
    const here = await openPage();
    const there = await openPage();
    for (const page of [here, there]) {
      await signIn(page, owner);
      await openLiveGallery(page, owner);
    }
    await openLightbox(there, ids[0]!);
    const box = lightbox(there);
    await box.getByRole('img', { name: `${jobName}, image ${ids[0]}` }).waitFor();

    // a folder made here is in the other tab's hotkeys at once, and its key moves the item there
    await here.getByRole('button', { name: 'Manage Folders' }).click();
    const dialog = here.getByRole('dialog', { name: 'Manage Folders' });
    await dialog.getByLabel('Folder name').fill('Keepers');
    await dialog.getByLabel('Hotkey').fill('k');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.getByRole('list', { name: 'Your folders' }).getByRole('listitem', { name: 'Keepers' }).waitFor();
    await here.keyboard.press('Escape');
    await box
      .getByRole('group', { name: 'Hotkeys' })
      .getByRole('button', { name: /Keepers/ })
      .waitFor();
    await there.keyboard.press('k');
    await there.getByText('Moved to Keepers').waitFor();
    await box.getByRole('img', { name: `${jobName}, image ${ids[1]}` }).waitFor();
    // ... which this tab shows in turn: the item gone from its ungrouped media, the folder holding it
    await expect.poll(() => tiles(here).count(), WAIT).toBe(2);
    await expect.poll(() => folderTile(here, 'Keepers').textContent(), WAIT).toContain('1 image');

    // archived here, the item open in the other tab's lightbox gives way to the next one there
    const listReads: string[] = [];
    here.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/gallery') listReads.push(request.url());
    });
    await openLightbox(here, ids[1]!);
    await lightbox(here).getByRole('button', { name: 'Archive' }).click();
    await lightbox(here)
      .getByRole('img', { name: `${jobName}, image ${ids[2]}` })
      .waitFor();
    await box.getByRole('img', { name: `${jobName}, image ${ids[2]}` }).waitFor();
    await there.keyboard.press('Escape');
    await expect.poll(() => tiles(there).count(), WAIT).toBe(1);
    await expect.poll(() => counts(there).textContent(), WAIT).toBe('1 shown of 1');
    // the tab that archived it is not sent its own change back: it reads none of its pages again
    await there.waitForTimeout(1000);
    expect(listReads).toEqual([]);
    await here.keyboard.press('Escape');
    await expect.poll(() => tiles(here).count(), WAIT).toBe(1);
  });

  it("shows an admin's change to the user's folders in the user's open gallery", async () => {
    const owner = await ownerWithMedia(uniqueName('Watched'), 1);
    const admin = await apiToken(await createUser('admin'));
    const page = await openPage();
    await signIn(page, owner);
    await openLiveGallery(page, owner);
    const folders = `/admin/users/${owner.id}/folders`;

    const folder = await call<{ id: number }>(folders, {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ name: 'Picked by admin' }),
    });
    await folderTile(page, 'Picked by admin').waitFor();
    await call(`${folders}/${folder.id}`, { method: 'PUT', token: admin, body: JSON.stringify({ name: 'Renamed' }) });
    await folderTile(page, 'Renamed').waitFor();
    await call(`${folders}/${folder.id}`, { method: 'DELETE', token: admin });
    await folderTile(page, 'Renamed').waitFor({ state: 'detached' });
  });
});

/**
 * Resolves once a live connection of the page is up (Socket.IO's connect packet, 40): any socket,
 * since the attempts made while offline may have opened some that never answer.
 */
function liveAgain(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      }),
    );
  });
}

describe('gallery after the live connection was lost', () => {
  /** An owner of two items on the live gallery who then goes to History, and the item to archive. */
  async function awayFromTheGallery(name: string) {
    const owner = await ownerWithMedia(uniqueName(name), 2);
    const [archived] = await listGallery(owner.token, { folder: '' });
    const page = await openPage();
    await signIn(page, owner);
    await openLiveGallery(page, owner);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Generation History' }).waitFor();
    return { owner, archived: archived!, page, nav };
  }

  it('shows, back from another page, what changed while the connection was down', async () => {
    const { owner, archived, page, nav } = await awayFromTheGallery('Away and offline');

    // the change made elsewhere is pushed while this tab is off the network: it never hears of it
    await page.context().setOffline(true);
    await call(`/gallery/${archived.id}/archive`, { method: 'POST', token: owner.token });
    const reconnected = liveAgain(page);
    await page.context().setOffline(false);
    await reconnected;

    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    expect(await grid(page).locator(`[data-item-id="${archived.id}"]`).count()).toBe(0);
  });

  it('shows it too when the gallery was opened before the connection came back (a laptop just woken)', async () => {
    const { owner, archived, page, nav } = await awayFromTheGallery('Opened while offline');
    await page.context().setOffline(true);
    await call(`/gallery/${archived.id}/archive`, { method: 'POST', token: owner.token });
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
    const reconnected = liveAgain(page);
    await page.context().setOffline(false);
    await reconnected;

    await expect.poll(() => tiles(page).count(), WAIT).toBe(1);
    expect(await grid(page).locator(`[data-item-id="${archived.id}"]`).count()).toBe(0);
  });
});

describe('gallery read again after a change elsewhere', () => {
  it('keeps the read of the loaded pages when the end of the grid is reached during it, then loads the next page', async () => {
    const owner = await ownerWithMedia(uniqueName('Long scroll'), 1);
    await seedGalleryCopies(owner.jobId, 151);
    const [newest] = await listGallery(owner.token, { folder: '' });
    const page = await openPage();
    await signIn(page, owner);
    await page.mouse.move(0, 0);
    await gotoLive(page, '/gallery');
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('100 shown of 151');

    // the first page read again (after the change below) is held until the page has reached its end
    let asked = () => {};
    const reading = new Promise<void>((resolve) => (asked = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/gallery' && !url.searchParams.has('cursor'),
      async (route) => {
        asked();
        await held;
        // a read the page has given up on is gone by now
        await route.continue().catch(() => {});
      },
    );
    await call('/gallery/bulk-archive', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ ids: [newest!.id] }),
    });
    await reading;
    // resolved after the gallery's own scroll listener, added long before, has heard the scroll
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('scroll', resolve, { once: true });
          window.scrollTo(0, document.documentElement.scrollHeight);
        }),
    );
    release();
    await expect.poll(() => counts(page).textContent(), WAIT).toBe('150 shown of 150');
    await page.evaluate(() => window.scrollTo(0, 0));
    await tiles(page).first().waitFor();
    expect(await grid(page).locator(`[data-item-id="${newest!.id}"]`).count()).toBe(0);
  });
});
