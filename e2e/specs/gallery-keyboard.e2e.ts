import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, WAIT, appUrl, launchBrowser, newContext, signIn } from '../support/browser.js';
import {
  createFolderViaApi,
  listGallery,
  ownerWithMedia,
  produceMedia,
  seedGalleryCopies,
} from '../support/gallery.js';

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

/** What has focus: the gallery item it belongs to and which of the tile's buttons, or the element's name. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const tile = el?.closest<HTMLElement>('[data-item-id]');
    return {
      item: tile ? Number(tile.dataset.itemId) : null,
      part: el?.classList.contains('media-tile-select')
        ? 'select'
        : el?.classList.contains('media-tile-open')
          ? 'open'
          : null,
      inBar: Boolean(el?.closest('[aria-label="Bulk actions"]')),
      label: el?.getAttribute('aria-label') ?? el?.dataset.folderName ?? el?.tagName ?? null,
      folderTile: el?.dataset.folderName ?? null,
      // the tile's top and bottom edges are on screen and not under the sticky navigation or bulk bar
      inSight: Boolean(
        tile &&
        [tile.getBoundingClientRect().top + 4, tile.getBoundingClientRect().bottom - 4].every(
          (y) =>
            document.elementFromPoint(tile.getBoundingClientRect().left + 40, y)?.closest('[data-item-id]') === tile,
        ),
      ),
    };
  });
}

async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max: number) {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (done(await focused(page))) return presses;
  }
  return Infinity;
}

describe('the gallery by keyboard', () => {
  it('enters and leaves a folder keeping focus, moves between tiles with the arrows, and reaches the bulk bar in a few Tabs', async () => {
    const { token, jobId, ...user } = await ownerWithMedia(`Keys ${randomBytes(2).toString('hex')}`, 2);
    await seedGalleryCopies(jobId, 250);
    await createFolderViaApi(token, { name: 'Keepers', hotkey: 'k' });
    const ids = (await listGallery(token, { limit: '100' })).map((item) => item.id);

    const page = await context.newPage();
    await signIn(page, user);
    await page.goto(appUrl('/gallery'));
    await page.getByRole('heading', { name: 'Ungrouped Images (250)' }).waitFor(WAIT);
    await page.getByTestId('gallery-counts').getByText('100 shown of 250').waitFor(WAIT);

    // into the folder by Enter: focus lands on the breadcrumb, then back by the Gallery crumb to the folder's tile
    await page.getByRole('button', { name: 'Open folder Keepers' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('This folder is empty').waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).label, WAIT).toBe('breadcrumb');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Gallery');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Ungrouped Images (250)' }).waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).folderTile, WAIT).toBe('Keepers');

    // the whole grid is one stop: the next Tab that reaches it lands on the first tile
    expect(await tabUntil(page, (f) => f.item !== null, 20)).toBeLessThan(20);
    expect(await focused(page)).toMatchObject({ item: ids[0], part: 'open' });
    const columns = await page
      .getByRole('list', { name: 'Media' })
      .getByRole('listitem')
      .evaluateAll(
        (tiles) => tiles.filter((t) => t.getBoundingClientRect().top === tiles[0]!.getBoundingClientRect().top).length,
      );
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ item: ids[1], part: 'open' });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ item: ids[1 + columns], part: 'open' });

    // its Select box is the next stop; Space selects, and the arrows keep to the Select boxes
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ item: ids[1 + columns], part: 'select' });
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toMatchObject({ item: ids[columns], part: 'select' });
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor(WAIT);
    expect(await tabUntil(page, (f) => f.inBar, 5)).toBeLessThanOrEqual(3);

    // back into the grid, End goes to the last loaded item and scrolls it into sight above the bulk bar, Home back under the navigation
    await page
      .getByRole('button', { name: /^View / })
      .first()
      .focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).item, WAIT).toBe(ids[99]);
    expect((await focused(page)).inSight).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focused(page)).item, WAIT).toBe(ids[0]);
    expect((await focused(page)).inSight).toBe(true);

    // sorting by keys: select the focused tile, send it to a folder by its hotkey, and go on from the next
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached', ...WAIT });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ item: ids[0], part: 'select' });
    await page.keyboard.press('Space');
    await bar.getByText('1 selected').waitFor(WAIT);
    await page.keyboard.press('k');
    await page.getByRole('heading', { name: 'Ungrouped Images (249)' }).waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).item, WAIT).toBe(ids[1]);
    expect((await focused(page)).part).toBe('select');

    // archiving it by Delete (after the confirm) hands focus on the same way
    await page.keyboard.press('Space');
    await bar.getByText('1 selected').waitFor(WAIT);
    await page.keyboard.press('Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('heading', { name: 'Ungrouped Images (248)' }).waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).item, WAIT).toBe(ids[2]);
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).item).toBe(ids[3]);
  });
  it('keeps focus on its tile when new items arrive above it and push it into the next row', async () => {
    const { token, jobId, workflowId, ...user } = await ownerWithMedia(`Live ${randomBytes(2).toString('hex')}`, 2);
    await seedGalleryCopies(jobId, 30);

    const own = await newContext(browser, DESKTOP);
    const page = await own.newPage();
    await signIn(page, user);
    await page.goto(appUrl('/gallery'));
    await page.getByRole('heading', { name: 'Ungrouped Images (30)' }).waitFor(WAIT);
    const tiles = page.getByRole('list', { name: 'Media' }).getByRole('listitem');
    const columns = await tiles.evaluateAll(
      (all) => all.filter((t) => t.getBoundingClientRect().top === all[0]!.getBoundingClientRect().top).length,
    );
    // the last tile of the first row: one new item moves it into the second row, drawn anew there
    const last = tiles.nth(columns - 1);
    const id = Number(await last.getAttribute('data-item-id'));
    await last.getByRole('button', { name: /^View / }).focus();

    await produceMedia(token, workflowId, 'Arrives while focused', 1);
    await page.getByRole('heading', { name: 'Ungrouped Images (31)' }).waitFor(WAIT);
    await expect.poll(async () => Number(await tiles.nth(columns).getAttribute('data-item-id')), WAIT).toBe(id);
    await expect.poll(async () => (await focused(page)).item, WAIT).toBe(id);
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).item).toBe(Number(await tiles.nth(columns - 1).getAttribute('data-item-id')));
    await own.close();
  });

  it('lets Enter held on the archive confirm or a crumb press nothing more on the tile the focus comes back to', async () => {
    const { token, ...user } = await ownerWithMedia(`Held ${randomBytes(2).toString('hex')}`, 3);
    await createFolderViaApi(token, { name: 'Held', hotkey: 'h' });
    const own = await newContext(browser, DESKTOP);
    const page = await own.newPage();
    await signIn(page, user);
    await page.goto(appUrl('/gallery'));
    await page.getByRole('heading', { name: 'Ungrouped Images (3)' }).waitFor(WAIT);
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    const tiles = page.getByRole('list', { name: 'Media' }).getByRole('listitem');
    const ids = await tiles.evaluateAll((all) => all.map((tile) => Number((tile as HTMLElement).dataset.itemId)));
    const confirm = page.getByRole('alertdialog');

    // the first tile selected by its box; Delete asks, and Enter held on Cancel closes the confirm
    await tiles.first().getByRole('button', { name: 'Select' }).focus();
    await page.keyboard.press('Space');
    await bar.getByText('1 selected').waitFor(WAIT);
    await page.keyboard.press('Delete');
    await confirm.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.down('Enter');
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => focused(page), WAIT).toMatchObject({ item: ids[0], part: 'select' });
    // the key goes on repeating on the box it came back to: the box stays as it was, and a fresh Space clears it
    await page.keyboard.down('Enter');
    await page.keyboard.up('Enter');
    await page.keyboard.press('Space');
    await bar.waitFor({ state: 'detached', ...WAIT });

    // the same from the second tile's view button with the first selected: no toggle, no lightbox
    await page.keyboard.press('Space');
    await bar.getByText('1 selected').waitFor(WAIT);
    await tiles
      .nth(1)
      .getByRole('button', { name: /^View / })
      .focus();
    await page.keyboard.press('Delete');
    await confirm.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.down('Enter');
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => focused(page), WAIT).toMatchObject({ item: ids[1], part: 'open' });
    await page.keyboard.down('Enter');
    await page.keyboard.up('Enter');
    await page.keyboard.press('Enter');
    await bar.getByText('2 selected').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached', ...WAIT });

    // Enter held on the Gallery crumb leaves the folder, and does not open it again from its tile
    await page.getByRole('button', { name: /^Open folder Held/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('This folder is empty').waitFor(WAIT);
    await expect.poll(async () => (await focused(page)).label, WAIT).toBe('breadcrumb');
    await page.keyboard.press('Tab');
    await page.keyboard.down('Enter');
    await expect.poll(async () => (await focused(page)).folderTile, WAIT).toBe('Held');
    // opening the folder adds to the history in the click itself: counted, no wait is needed
    const visited = () => page.evaluate(() => history.length);
    const before = await visited();
    await page.keyboard.down('Enter');
    await page.keyboard.up('Enter');
    expect(await visited()).toBe(before);
    await page.keyboard.press('Enter');
    await page.getByText('This folder is empty').waitFor(WAIT);
    expect(await visited()).toBe(before + 1);
    await own.close();
  });

  it('takes a date typed into From digit by digit, its year passing through 0002 on the way to 2026', async () => {
    const {
      token: _token,
      jobId: _jobId,
      ...user
    } = await ownerWithMedia(`Typed ${randomBytes(2).toString('hex')}`, 1);
    // a context of its own: the shared one is signed in as another test's user
    const own = await newContext(browser, DESKTOP);
    const page = await own.newPage();
    await signIn(page, user);
    await page.goto(appUrl('/gallery'));
    await page.getByRole('heading', { name: 'Ungrouped Images (1)' }).waitFor(WAIT);

    const from = page.getByLabel('From', { exact: true });
    await from.focus();
    await page.keyboard.type('11202026');
    await expect.poll(() => from.inputValue(), WAIT).toBe('2026-11-20');
    await expect.poll(() => new URL(page.url()).searchParams.get('from'), WAIT).toBe('2026-11-20');
    await page.getByRole('heading', { name: 'Ungrouped Images (1)' }).waitFor(WAIT);
    await own.close();
  });
});
