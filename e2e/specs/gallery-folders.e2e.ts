import { describe, expect, it } from 'vitest';
import { apiToken, call } from '../support/api.js';
import { WAIT, appUrl, pagesOfOneBrowser } from '../support/browser.js';
import {
  createFolderViaApi,
  galleryCount,
  listGallery,
  ownerWithMedia,
  viewportScreenshot,
} from '../support/gallery.js';
import { counts, lightbox, openGallery, tiles, uniqueName, viewButton } from '../support/gallery-page.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

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
        .getAttribute('title'),
    ).toBe('Blue (#3B82F6)');
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
    await dialog.getByRole('radio', { name: 'Pink' }).click();
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

  it('moves by hotkey and by the bulk bar into a folder renamed elsewhere since the page read it', async () => {
    const owner = await ownerWithMedia(uniqueName('Riverbed'), 3);
    const folder = await createFolderViaApi(owner.token, { name: 'Stones', hotkey: 't' });
    // another tab of the same user, or an admin, renames it
    const rename = (name: string) =>
      call(`/folders/${folder.id}`, { method: 'PUT', token: owner.token, body: JSON.stringify({ name }) });
    const page = await openPage();
    // with its live connection up the page would learn of each rename; down, it keeps the old name
    await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await page.route('**/socket.io/**', (route) => route.abort());
    await openGallery(page, owner);
    await expect.poll(() => tiles(page).count(), WAIT).toBe(3);
    await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('button', { name: 'Open folder Stones' })
      .waitFor();

    await rename('Pebbles');
    await viewButton(page, 0).click();
    await lightbox(page).waitFor();
    await page.keyboard.press('t');
    await page.getByText('Moved to Pebbles').waitFor();
    expect(await galleryCount(owner.token, { folder: 'Pebbles' })).toBe(1);
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });

    await rename('Gravel');
    await viewButton(page, 0).click({ modifiers: ['Control'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Folder').selectOption('T · Pebbles');
    await bar.getByRole('button', { name: 'Move to folder' }).click();
    await expect.poll(() => galleryCount(owner.token, { folder: 'Gravel' }), WAIT).toBe(2);

    await rename('Sand');
    await viewButton(page, 0).click({ modifiers: ['Control'] });
    await page.keyboard.press('t');
    await expect.poll(() => galleryCount(owner.token, { folder: 'Sand' }), WAIT).toBe(3);
    await page.getByRole('heading', { name: 'Ungrouped Images (0)' }).waitFor();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Open folder Sand' }).waitFor();
  });

  it('says a folder named in a bookmarked address no longer exists, and not of an existing empty one', async () => {
    const user = await createUser('user');
    const owner = { ...user, token: await apiToken(user) };
    await createFolderViaApi(owner.token, { name: 'Kept' });
    const page = await openPage();
    await openGallery(page, owner, '/gallery?folder=Kept');
    await page.getByText('This folder is empty').waitFor();
    expect(await page.getByText(/no longer exists/).count()).toBe(0);

    // deleted or renamed since the address was kept
    await page.goto(appUrl('/gallery?folder=Stones'));
    await page.getByText('Folder "Stones" no longer exists').waitFor();
    expect(await page.getByText('This folder is empty').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to Gallery' }).click();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Open folder Kept' }).waitFor();
    expect(new URL(page.url()).searchParams.has('folder')).toBe(false);
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
