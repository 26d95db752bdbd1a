import { describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { PHONE, WAIT, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import {
  createFolderViaApi,
  listGallery,
  ownerWithMedia,
  seedGalleryCopies,
  viewportScreenshot,
} from '../support/gallery.js';
import {
  counts,
  imagesDrawn,
  lightbox,
  lightboxImage,
  openGallery,
  tiles,
  uniqueName,
  viewButton,
} from '../support/gallery-page.js';
import { capture, cutOffElements, fitsViewport, textLines, withinViewportWidth } from '../support/screens.js';

const openPage = pagesOfOneBrowser();

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

  it('keeps a 50-character folder name and a long unbroken job name inside the width', async () => {
    const folder = 'Spring campaign final selects for client review 26';
    expect(folder).toHaveLength(50);
    const jobName = uniqueName('Supercalifragilisticexpialidocious-harbour-at-dawn-without-a-break');
    const owner = await ownerWithMedia(jobName, 2);
    await createFolderViaApi(owner.token, { name: folder, hotkey: '5' });
    const ids = (await listGallery(owner.token)).map((item) => item.id);
    await call('/gallery/bulk-folder', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ ids, folder_path: folder }),
    });
    const page = await openPage(PHONE);
    await openGallery(page, owner);
    await page.getByRole('button', { name: `Open folder ${folder}` }).click();
    await expect.poll(() => tiles(page).count(), WAIT).toBe(2);

    // the breadcrumb: 'Gallery' on one line beside a folder name that wraps
    const crumb = page.getByRole('button', { name: 'Gallery', exact: true });
    const lines = await textLines(crumb);
    expect(lines).toBe(1);
    expect(await cutOffElements(page)).toEqual([]);

    // the lightbox: the folder badge is cut short, the title keeps its room and Close stays on screen
    await viewButton(page, 0).click();
    await lightboxImage(page).waitFor();
    await page.getByTestId('lightbox-folder').getByText(folder).waitFor();
    const close = page.getByRole('button', { name: 'Close lightbox' });
    expect(await withinViewportWidth(page, close)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
    expect((await lightbox(page).getByText(jobName).boundingBox())!.width).toBeGreaterThan(120);
    // cut short on a phone, the name is there in full on hover
    expect(await lightbox(page).getByTitle(jobName).textContent()).toBe(jobName);
    await close.click();

    // the job banner wraps the name rather than running off the screen
    await page.goto(appUrl(`/gallery/${owner.jobId}`));
    await page.getByText(`“${jobName}”`, { exact: false }).waitFor();
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
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
