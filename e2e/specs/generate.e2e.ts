import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { DESKTOP, PHONE, WAIT, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { apiToken, call, cancelIfRunning } from '../support/api.js';
import { catalogueIds, deleteAsset, uploadAsset, uploadSampleAssets, type CatalogueIds } from '../support/catalogue.js';
import { capture, chooseOnDashboard, field, fitsViewport, region, required } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

let ids: CatalogueIds;

beforeAll(async () => {
  ids = await catalogueIds(inject('e2eAdmin'));
  await uploadSampleAssets(inject('e2eAdmin'));
});

type Credentials = { username: string; password: string };

async function openAs(user: Credentials, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(viewport);
  await signIn(page, user);
  return page;
}

const newUser = () => createUser('user');

const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate', exact: true });

describe('Generate dashboard', () => {
  it('submits a batch of 3 and lists it in Recent Jobs; the choice survives a reload', async () => {
    const page = await openAs(await newUser());
    await page.getByRole('heading', { name: 'Generate', level: 1 }).waitFor();
    await chooseOnDashboard(page, 'Text to Image');
    expect(new URL(page.url()).searchParams.get('workflow')).toBe(String(ids['Text to Image']));

    await page.getByLabel('Job name').fill('Three lighthouses');
    await page.getByLabel('Batch size').fill('3');
    await generateButton(page).click();
    await page.getByText('Job submitted successfully! Generating 3 images').waitFor();

    const recent = region(page, 'Recent Jobs');
    await recent.getByText('Three lighthouses').waitFor();
    const details = recent.getByRole('link', { name: 'View Details' }).first();
    expect(await details.getAttribute('href')).toMatch(/^\/job\/\d+$/);
    expect(await recent.getByRole('link', { name: 'View Gallery' }).first().getAttribute('href')).toMatch(
      /^\/gallery\/\d+$/,
    );
    expect(await recent.getByRole('link', { name: 'View all history' }).getAttribute('href')).toBe('/history');
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'generate-dashboard-desktop');

    await page.reload();
    await region(page, 'Text to Image').waitFor();
    expect(await page.getByRole('combobox', { name: 'Workflow' }).inputValue()).toBe('Text to Image');
  });

  it('sends one job for Enter pressed again in the job name while it is being sent, and the next after it', async () => {
    const page = await openAs(await newUser());
    await page.getByRole('heading', { name: 'Generate', level: 1 }).waitFor();
    await chooseOnDashboard(page, 'Text to Image');
    let posts = 0;
    // the first answer is held back, as on a busy server, until the later presses have landed
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/jobs', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      if (posts === 1) await held;
      return route.continue();
    });
    const jobName = page.getByLabel('Job name');
    await jobName.fill('Pressed thrice');
    await jobName.press('Enter');
    await jobName.press('Enter');
    await jobName.press('Enter');
    release();
    await page.getByText('Job submitted successfully! Generating 1 images').waitFor();
    expect(posts).toBe(1);

    await jobName.press('Enter');
    await expect.poll(() => posts, { timeout: 10_000 }).toBe(2);
  });

  it("says 'Failed to submit job' at once while offline, and sends nothing once the connection is back", async () => {
    const user = await newUser();
    const page = await openAs(user);
    await page.getByRole('heading', { name: 'Generate', level: 1 }).waitFor();
    await chooseOnDashboard(page, 'Text to Image');
    const name = `Offline ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Job name').fill(name);
    await page.context().setOffline(true);
    try {
      await generateButton(page).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to submit job' }).waitFor({ timeout: WAIT.timeout });
      expect(await generateButton(page).isEnabled()).toBe(true);
    } finally {
      await page.context().setOffline(false);
    }
    // a paused submit went out about two seconds after the connection returned
    await page.waitForTimeout(4000);
    const token = await apiToken(user);
    const named = await call<{ jobs: unknown[] }>(`/jobs?search=${encodeURIComponent(name)}`, { token });
    expect(named.jobs).toHaveLength(0);
  });

  it('makes one job when the answer to Generate was lost after the server took it and Generate is pressed again', async () => {
    const user = await newUser();
    const page = await openAs(user);
    await page.getByRole('heading', { name: 'Generate', level: 1 }).waitFor();
    await chooseOnDashboard(page, 'Text to Image');
    const name = `Answer lost ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Job name').fill(name);
    await page.getByLabel('Batch size').fill('2');
    const keys: Array<string | undefined> = [];
    await page.route('**/api/jobs', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? undefined);
      if (keys.length > 1) return route.continue();
      // the server stores the job and answers, but the answer never reaches the page
      await route.fetch();
      return route.abort('connectionreset');
    });

    await generateButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to submit job' }).waitFor();
    await generateButton(page).click();
    await page.getByText('Job submitted successfully! Generating 2 images').waitFor();
    const token = await apiToken(user);
    const mine = await call<{ jobs: Array<{ id: number; job_name: string }> }>('/jobs', { token });
    onTestFinished(() => Promise.all(mine.jobs.map((job) => cancelIfRunning(token, job.id))).then(() => undefined));
    expect(mine.jobs.map((job) => job.job_name)).toEqual([name]);
    await page.goto(appUrl('/history'));
    const rows = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await rows.filter({ hasText: name }).waitFor();
    expect(await rows.count()).toBe(1);
    // the press again resent the lost attempt under its key
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks for a workflow first, and clamps the batch size', async () => {
    const page = await openAs(await newUser());
    await generateButton(page).click();
    expect(await page.getByRole('alert').textContent()).toContain('Please select a workflow first');
    await page.getByRole('button', { name: 'Save Config' }).click();
    await page.getByText('Please select a workflow first').nth(1).waitFor();

    const batch = page.getByLabel('Batch size');
    await batch.fill('5000000');
    await batch.blur();
    expect(await batch.inputValue()).toBe('999999');
    await batch.fill('0');
    await batch.blur();
    expect(await batch.inputValue()).toBe('1');
  });

  it('opens the workflow search with any printable key typed outside an input', async () => {
    const page = await openAs(await newUser());
    await page.getByRole('heading', { name: 'Recent Jobs' }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('u');

    const picker = page.getByRole('combobox', { name: 'Workflow' });
    expect(await picker.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await picker.inputValue()).toBe('u');
    await page.getByRole('option', { name: /^Upscale 4x/ }).waitFor();
    await page.keyboard.type('psc');
    expect(await picker.inputValue()).toBe('upsc');
    await page.keyboard.press('Enter');
    await region(page, 'Upscale 4x').waitFor();
    // Its source image comes from the asset picker.
    await region(page, 'Upscale 4x').getByRole('button', { name: 'Harbour' }).waitFor();
  });

  it("shows 'Workflow not found' in place of a workflow revoked while it was open, and offers it no more", async () => {
    const user = await newUser();
    const page = await openAs(user);
    await chooseOnDashboard(page, 'Text to Image');
    await page.getByLabel('Configuration name').fill('Before the revoke');
    await page.getByRole('button', { name: 'Save Config' }).click();
    await page.getByText('Configuration saved successfully!').waitFor();
    // a first grant limits the user to the workflows granted (SPEC section 6): Text to Image is no longer theirs
    const adminToken = await apiToken(inject('e2eAdmin'));
    await call(`/admin/users/${user.id}/workflows/${ids['Upscale 4x']}`, { method: 'POST', token: adminToken });

    await generateButton(page).click();
    const panel = region(page, 'Parameters');
    await panel.getByRole('alert').filter({ hasText: 'Workflow not found' }).waitFor();
    // no form, no saved configurations of a workflow the user cannot use
    expect(await page.getByLabel('Steps').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Before the revoke/ }).count()).toBe(0);
    const picker = page.getByRole('combobox', { name: 'Workflow' });
    await picker.click();
    await page.getByRole('option', { name: /^Upscale 4x/ }).waitFor();
    expect(await page.getByRole('option', { name: /^Text to Image/ }).count()).toBe(0);
  });

  it('fits a phone, columns stacked', async () => {
    const page = await openAs(await newUser(), PHONE);
    await page.goto(appUrl(`/?workflow=${ids['Image to Image']}`));
    await region(page, 'Image to Image').getByRole('button', { name: 'Harbour' }).click();
    await page.getByRole('heading', { name: 'Recent Jobs' }).waitFor();
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'generate-dashboard-phone');

    await page.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: /^Flux Portrait/ }).waitFor();
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'generate-dashboard-phone-search');
  });
});

describe('workflow list', () => {
  it('filters the cards and stars a favourite that then shows on the dashboard', async () => {
    const page = await openAs(await newUser());
    await page.getByRole('link', { name: 'Browse workflows' }).click();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(6);

    const landscape = page.getByRole('article', { name: 'SDXL Landscape' });
    expect(await landscape.getByText('7 configurable parameters').isVisible()).toBe(true);
    expect(await landscape.getByText(/^Updated /).isVisible()).toBe(true);
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'workflows-desktop');

    await landscape.getByRole('button', { name: 'Favorite' }).click();
    await expect
      .poll(() => landscape.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed'))
      .toBe('true');

    await page.getByRole('button', { name: 'Favorites Only' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Clear Filters (1)' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search workflows' }).fill('zzz-nothing');
    await page.getByText('No workflows match your filters.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters (2)' }).click();
    await expect.poll(() => cards.count()).toBe(6);

    await page.getByRole('button', { name: 'Video Generation' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('button', { name: 'All Categories' }).click();
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'portrait' }).click();
    await expect.poll(() => cards.allTextContents()).toEqual([expect.stringContaining('Flux Portrait')]);

    await page.getByRole('link', { name: 'Back to Generate' }).click();
    const favourites = region(page, 'Favorites');
    await favourites.getByRole('button', { name: /SDXL Landscape/ }).click();
    await region(page, 'SDXL Landscape').waitFor();
  });

  it('opens a slug workflow on its own screen and a JSON workflow on /workflow/{id}', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl('/workflows'));
    await page.getByRole('article', { name: 'Flux Portrait' }).click();
    await page.waitForURL(`**/workflow-slug/${ids['Flux Portrait']}`);
    await page.goto(appUrl('/workflows'));
    await page.getByRole('link', { name: 'Text to Video' }).click();
    await page.waitForURL(`**/workflow/${ids['Text to Video']}`);
  });

  it('fits a phone', async () => {
    const page = await openAs(await newUser(), PHONE);
    await page.goto(appUrl('/workflows'));
    await page.getByRole('article', { name: 'Flux Portrait' }).waitFor();
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'workflows-phone');
  });
});

describe('workflow screens', () => {
  it('/workflow/{id}: job name required and range messages beside the fields, nothing sent', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();

    await generateButton(page).click();
    await field(page, required('Job name')).getByText('Please enter a job name').waitFor();
    expect(await page.getByText('Please enter a job name').count()).toBe(1);

    await page.getByLabel('Job name').fill('Range check');
    expect(await page.getByText('Please enter a job name').count()).toBe(0);
    await page.getByLabel('Steps', { exact: true }).fill('500');
    await field(page, 'Steps').getByText('Steps must be at most 100').waitFor();
    await page.getByLabel('CFG scale').fill('7.3');
    await field(page, 'CFG scale').getByText('CFG scale must be in steps of 0.5').waitFor();
    await page.getByRole('radio', { name: 'Fixed' }).check({ force: true });
    await page.getByLabel('Seed', { exact: true }).fill('-1');
    await field(page, 'Seed').getByText('Seed must be at least 0').waitFor();

    await generateButton(page).click();
    // Focus goes to the first field that is wrong.
    expect(await page.getByLabel('CFG scale').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText(/Job submitted successfully/).count()).toBe(0);
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'workflow-desktop');
  });

  it("reports a number typed half-way ('-', '1e') beside its field and sends nothing", async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    await page.getByLabel('Job name').fill('Half typed');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/jobs')) sent.push(request.postData() ?? '');
    });
    const steps = page.getByLabel('Steps', { exact: true });
    for (const text of ['-', '1e']) {
      await steps.fill('');
      await steps.pressSequentially(text);
      await field(page, 'Steps').getByText('Steps must be a number').waitFor();
      await generateButton(page).click();
      // Generate took the focus, and the check gave it to the field that is wrong
      await expect.poll(() => steps.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    }
    expect(sent).toEqual([]);

    await steps.pressSequentially('3');
    await field(page, 'Steps').getByText('Steps must be at most 100').waitFor();
    expect(await page.getByText('Steps must be a number').count()).toBe(0);
    await steps.fill('40');
    await generateButton(page).click();
    await page.getByText('Job submitted successfully! Generating 1 images').waitFor();
    expect(sent.map((body) => (JSON.parse(body) as { parameters: { steps: unknown } }).parameters.steps)).toEqual([40]);
  });

  it('/workflow-slug/{id}: the slug, required and range messages of the overrides', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow-slug/${ids['Flux Portrait']}`));
    await page.getByRole('heading', { name: 'Flux Portrait', level: 1 }).waitFor();
    expect(await page.getByText('flux-portrait', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Configuration' }).count()).toBe(0);

    await page.getByLabel('Job name').fill('Portrait check');
    await page.getByLabel(required('Prompt')).fill('');
    await field(page, required('Prompt')).getByText('Prompt is required').waitFor();
    await page.getByLabel('Steps', { exact: true }).fill('151');
    await field(page, 'Steps').getByText('Steps must be at most 150').waitFor();
    await page.getByLabel('CFG Scale').fill('25');
    await field(page, 'CFG Scale').getByText('CFG Scale must be at most 20').waitFor();
    await generateButton(page).click();
    expect(await page.getByLabel(required('Prompt')).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText(/Job submitted successfully/).count()).toBe(0);
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'workflow-slug-desktop');
  });

  it("shows the server's answer beside the field it names: an asset deleted after it was chosen", async () => {
    const user = await newUser();
    const name = `Vanishing ${randomBytes(2).toString('hex')}`;
    const assetId = await uploadAsset(user, { name, from: `#${randomBytes(3).toString('hex')}`, to: '#000000' });
    const page = await openAs(user);
    await page.goto(appUrl(`/workflow/${ids['Image to Image']}`));
    const source = page.getByRole('group', { name: /^Source image/ });
    await source.getByRole('button', { name }).click();
    await deleteAsset(user, assetId);

    await page.getByLabel('Job name').fill('Gone missing');
    await generateButton(page).click();
    await source.getByText('Source image: unknown asset').waitFor();
    expect(await page.getByText('Source image: unknown asset').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(/Job submitted successfully/).count()).toBe(0);

    await source.getByRole('button', { name: 'Harbour' }).click();
    expect(await source.getByText('Source image: unknown asset').count()).toBe(0);
    await generateButton(page).click();
    await page.getByText('Job submitted successfully! Generating 1 images').waitFor();
  });

  it("uploads an image from the asset field and picks it; a file that is not an image gets the server's answer", async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow/${ids['Image to Image']}`));
    const source = page.getByRole('group', { name: /^Source image/ });
    const file = source.getByLabel('Image file for Source image');
    const name = `Tide pool ${randomBytes(3).toString('hex')}`;
    const background = `#${randomBytes(3).toString('hex')}`;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();

    await file.setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: png });
    const uploaded = source.getByRole('button', { name, exact: true });
    await expect.poll(() => uploaded.getAttribute('aria-pressed'), WAIT).toBe('true');

    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('only some text') });
    await source.getByRole('alert').getByText('Only PNG, JPEG, WebP or GIF images can be uploaded').waitFor();
    expect(await uploaded.getAttribute('aria-pressed')).toBe('true');
    await capture(page, 'asset-upload-desktop');

    await page.getByLabel('Job name').fill('From an upload');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/jobs');
    await generateButton(page).click();
    await page.getByText('Job submitted successfully! Generating 1 images').waitFor();
    const assets = (await (await page.request.get(appUrl('/api/assets'))).json()) as Array<{
      id: number;
      display_name: string;
    }>;
    const id = assets.find((asset) => asset.display_name === name)?.id;
    expect(id).toBeDefined();
    expect(Object.values(((await sent).postDataJSON() as { parameters: object }).parameters)).toContain(id);
  });

  it('sends a JSON workflow on the slug route back to /workflow/{id} with an alert', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow-slug/${ids['Upscale 4x']}`));
    await page.getByText('This is not a slug-based workflow. Redirecting...').waitFor();
    await page.waitForURL(`**/workflow/${ids['Upscale 4x']}`);
    await page.getByRole('heading', { name: 'Upscale 4x', level: 1 }).waitFor();
  });

  it("says 'Workflow not found' for an unknown id", async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl('/workflow/999999'));
    await page.getByRole('heading', { name: 'Workflow not found' }).waitFor();
  });

  it('saves a configuration, then reapplies it here and on the dashboard', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    const steps = page.getByLabel('Steps', { exact: true });
    await steps.fill('42');
    await page.getByLabel('Sampler').selectOption('ddim');

    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await field(page, 'Configuration name').getByText('Please enter a configuration name').waitFor();
    await page.getByLabel('Configuration name').fill('Crisp');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved successfully!').waitFor();
    const saved = region(page, 'Saved Configurations');
    await saved.getByRole('button', { name: /^Crisp/ }).waitFor();

    await steps.fill('10');
    await page.getByLabel('Sampler').selectOption('euler');
    await saved.getByRole('button', { name: /^Crisp/ }).click();
    expect(await steps.inputValue()).toBe('42');
    expect(await page.getByLabel('Sampler').inputValue()).toBe('ddim');

    await page.goto(appUrl(`/?workflow=${ids['Text to Image']}`));
    await region(page, 'Text to Image').waitFor();
    expect(await steps.inputValue()).toBe('25');
    await region(page, 'Saved Configurations')
      .getByRole('button', { name: /^Crisp/ })
      .click();
    expect(await steps.inputValue()).toBe('42');
    expect(await page.getByLabel('Sampler').inputValue()).toBe('ddim');
  });

  it('deletes a saved configuration after a confirm; Cancel or a failed call keeps it', async () => {
    const page = await openAs(await newUser());
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    for (const name of ['Keep me', 'Drop me']) {
      await page.getByLabel('Configuration name').fill(name);
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await region(page, 'Saved Configurations')
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .waitFor();
    }
    const saved = region(page, 'Saved Configurations');
    const dialog = page.getByRole('alertdialog', { name: 'Delete configuration' });
    const binOf = (name: string) => saved.getByRole('button', { name: `Delete configuration ${name}` });

    await capture(page, 'saved-configurations-desktop');
    await binOf('Drop me').click();
    await dialog.getByText('Delete the saved configuration ‘Drop me’?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.route('**/api/configurations/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":"Service temporarily unavailable"}',
          })
        : route.continue(),
    );
    await binOf('Drop me').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('alert').getByText('Service temporarily unavailable').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/configurations/*');

    await binOf('Drop me').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await binOf('Drop me').waitFor({ state: 'detached' });
    await binOf('Keep me').waitFor();
    // its bin is gone: the focus stays with the list, not at the page's start
    await expect
      .poll(() => saved.evaluate((list) => list.contains(document.activeElement)), { timeout: 5000, interval: 100 })
      .toBe(true);
    await page.reload();
    await binOf('Keep me').waitFor();
    expect(await binOf('Drop me').count()).toBe(0);
  });

  it('fits a phone', async () => {
    const page = await openAs(await newUser(), PHONE);
    for (const [path, heading, name] of [
      [`/workflow/${ids['Image to Image']}`, 'Image to Image', 'workflow-phone'],
      [`/workflow-slug/${ids['SDXL Landscape']}`, 'SDXL Landscape', 'workflow-slug-phone'],
    ] as const) {
      await page.goto(appUrl(path));
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText('No saved configurations yet.').waitFor();
      expect(await fitsViewport(page), path).toBe(true);
      await capture(page, name);
    }
  });
});

describe('workflow screens for admins', () => {
  it('edits category and tags (quick-add, no duplicates) and links the slug editor', async () => {
    const page = await openAs(inject('e2eAdmin'));
    await page.goto(appUrl(`/workflow-slug/${ids['SDXL Landscape']}`));
    const organization = region(page, 'Organization');
    await organization.waitFor();
    expect(await page.getByRole('link', { name: 'Edit Configuration' }).getAttribute('href')).toBe(
      `/admin/workflow/${ids['SDXL Landscape']}/slug`,
    );

    await organization.getByLabel('Category').selectOption('General');
    await organization.getByRole('button', { name: '+ upscaling' }).click();
    await organization.getByRole('textbox', { name: 'Tags' }).fill('Landscape, ,  e2e-scenic ');
    await organization.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await organization.getByRole('button', { name: /^Remove tag/ }).count()).toBe(4);
    expect(await organization.getByRole('button', { name: '+ upscaling' }).count()).toBe(0);
    expect(await fitsViewport(page)).toBe(true);
    await capture(page, 'workflow-slug-admin-desktop');

    await organization.getByRole('button', { name: 'Save Changes' }).click();
    await organization.getByText('Changes saved').waitFor();
    const header = page.locator('h1').locator('xpath=ancestor::div[3]');
    await header.getByText('e2e-scenic').waitFor();

    // Put the sample back as it was for the other specs.
    await organization.getByLabel('Category').selectOption('Image Generation');
    await organization.getByRole('button', { name: 'Remove tag upscaling' }).click();
    await organization.getByRole('button', { name: 'Remove tag e2e-scenic' }).click();
    await organization.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => header.getByText('e2e-scenic').count()).toBe(0);
  });
});
