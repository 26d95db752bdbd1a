import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, getJob, jobRequest, submitJob } from '../support/api.js';
import { seriousViolations } from '../support/axe.js';
import { DESKTOP, appUrl, launchBrowser, signIn } from '../support/browser.js';
import { catalogueIds, uploadSampleAssets, type CatalogueIds } from '../support/catalogue.js';
import { unreachableByTab } from '../support/keyboard.js';
import { capture } from '../support/screens.js';
import { createUser } from '../support/users.js';

type Credentials = { username: string; password: string };

let browser: Browser;
let ids: CatalogueIds;
let admin: Credentials;
let finishedJob: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createUser('super_admin');
  const token = await apiToken(admin);
  ids = await catalogueIds(admin);
  await uploadSampleAssets(admin);
  finishedJob = await submitJob(token, jobRequest(ids['Text to Image'], 'Harbour at dawn', 4));
  // folders, so the gallery shows its folder tiles and the manager its list
  for (const [name, hotkey] of [
    ['Best', '1'],
    ['Later', 'l'],
  ])
    await fetch(appUrl('/api/folders'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, hotkey }),
    });
  const deadline = Date.now() + 30_000;
  while ((await getJob(token, finishedJob)).status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the sample job did not complete in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

interface Screen {
  name: string;
  /** Opens the screen (or the dialog on it) and resolves once its content is there. */
  open: (page: Page) => Promise<void>;
}

/**
 * In the page: the focused control's outline colour against the first opaque background behind
 * it (WCAG's contrast ratio), or null when it draws no outline.
 */
function focusRingContrast(): { control: string; ratio: number } | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const style = getComputedStyle(focused);
  if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return null;
  const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  let behind: number[] = [255, 255, 255];
  // the ring is drawn outside the control: what is behind it is the parent's background
  for (let el = focused.parentElement; el; el = el.parentElement) {
    const bg = rgb(getComputedStyle(el).backgroundColor);
    if (bg.length === 3 || (bg.length === 4 && bg[3]! > 0.9)) {
      behind = bg.slice(0, 3);
      break;
    }
  }
  const [a, b] = [luminance(rgb(style.outlineColor)), luminance(behind)];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return { control: `${focused.tagName} ${focused.textContent?.trim().slice(0, 30) ?? ''}`, ratio };
}

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(appUrl(path));
  await h1(page, heading).waitFor();
}

/** Every screen of the spec and the dialogs that cover one, as a signed-in super_admin sees them. */
const SCREENS: Screen[] = [
  { name: 'generate', open: (page) => visit(page, `/?workflow=${ids['Image to Image']}`, 'Generate') },
  { name: 'workflows', open: (page) => visit(page, '/workflows', /Workflows/) },
  { name: 'workflow', open: (page) => visit(page, `/workflow/${ids['Image to Image']}`, 'Image to Image') },
  { name: 'workflow-slug', open: (page) => visit(page, `/workflow-slug/${ids['Flux Portrait']}`, 'Flux Portrait') },
  { name: 'queue', open: (page) => visit(page, '/queue', 'Generation Queue') },
  { name: 'history', open: (page) => visit(page, '/history', 'Generation History') },
  { name: 'job', open: (page) => visit(page, `/job/${finishedJob}`, 'Harbour at dawn') },
  { name: 'analytics', open: (page) => visit(page, '/dashboard', 'System Analytics') },
  {
    name: 'gallery',
    open: async (page) => {
      await visit(page, '/gallery', 'Gallery');
      await page.locator('[data-item-id]').first().waitFor();
    },
  },
  {
    name: 'lightbox',
    open: async (page) => {
      await visit(page, '/gallery', 'Gallery');
      await page
        .locator('[data-item-id]')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      await page.getByRole('dialog', { name: 'Lightbox' }).waitFor();
    },
  },
  {
    name: 'folder-manager',
    open: async (page) => {
      await visit(page, '/gallery', 'Gallery');
      await page.getByRole('button', { name: 'Manage Folders' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  ...['Base Workflows', 'Slug Workflows', 'Override Definitions', 'User Management'].map((tab): Screen => ({
    name: `admin-${tab.toLowerCase().replace(/ /g, '-')}`,
    open: async (page) => {
      await visit(page, '/admin', 'Admin dashboard');
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
    },
  })),
  {
    name: 'admin-base-workflow-editor',
    open: async (page) => {
      await visit(page, '/admin', 'Admin dashboard');
      await page.getByRole('button', { name: 'Create New Workflow' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'shortcut-sheet',
    open: async (page) => {
      await visit(page, '/gallery', 'Gallery');
      await page.keyboard.press('Shift+Slash');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    },
  },
  { name: 'admin-slug-editor', open: (page) => visit(page, '/admin/workflow/new-slug', 'Create slug workflow') },
];

describe.each(['light', 'dark'] as const)('in %s mode', (colorScheme) => {
  let page: Page;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme });
    contexts.push(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, admin);
  });

  it('the sign-in screen has no serious or critical axe finding', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme });
    contexts.push(context);
    const signedOut = await context.newPage();
    await signedOut.goto(appUrl('/'));
    await signedOut.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await signedOut.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      colorScheme === 'dark',
    );
    expect(await seriousViolations(signedOut)).toEqual([]);
    await capture(signedOut, `a11y-sign-in-${colorScheme}`);
  });

  it('draws every focus ring of the analytics page at 3:1 or more against what is behind it', async () => {
    await visit(page, '/dashboard', 'System Analytics');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const rings: Array<{ control: string; ratio: number }> = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(focusRingContrast);
      if (ring) rings.push(ring);
    }
    // the navigation, the account controls and the period choice at least
    expect(rings.length).toBeGreaterThanOrEqual(8);
    expect(rings.filter((r) => r.ratio < 3)).toEqual([]);
  });

  it.each(SCREENS.map((screen) => [screen.name, screen] as const))(
    '%s has no serious or critical axe finding',
    async (name, screen) => {
      await screen.open(page);
      expect(await seriousViolations(page)).toEqual([]);
      await capture(page, `a11y-${name}-${colorScheme}`);
    },
  );
});

describe('keyboard', () => {
  let page: Page;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, admin);
  });

  it.each(
    SCREENS.filter(
      (screen) => !['lightbox', 'folder-manager', 'shortcut-sheet', 'admin-base-workflow-editor'].includes(screen.name),
    ).map((screen) => [screen.name, screen] as const),
  )('every control of %s is reached with Tab', async (_, screen) => {
    await screen.open(page);
    const { checked, missing } = await unreachableByTab(page);
    expect(missing).toEqual([]);
    // the navigation alone has eight controls: a count below that means the probe saw nothing
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('? opens the sheet of gallery and lightbox shortcuts, from the keys the handlers use; Escape closes it', async () => {
    await visit(page, '/gallery', 'Gallery');
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    const gallery = await sheet.getByRole('table', { name: 'Gallery' }).innerText();
    const lightbox = await sheet.getByRole('table', { name: 'Lightbox' }).innerText();
    expect(gallery).toMatch(/CTRL\+A\s+Select every loaded item/);
    expect(gallery).toMatch(/Esc\s+Clear the selection/);
    expect(gallery).toMatch(/1-9\s+A-Z\s+Move the selected items to the folder with that hotkey/);
    for (const row of [
      /←\s+Previous item/,
      /→\s+Next item/,
      /Delete\s+Backspace\s+Archive the item/,
      /U\s+Remove the item from its folder/,
      /0\s+Reset the zoom/,
      /Esc\s+Close the lightbox/,
    ])
      expect(lightbox).toMatch(row);
    // focus is kept inside while it is open
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // typed into a field, ? is text
    const search = page.getByLabel('Search');
    await search.fill('');
    await search.press('Shift+Slash');
    expect(await search.inputValue()).toBe('?');
    expect(await sheet.count()).toBe(0);

    // on the Generate dashboard a typed key searches the workflows (SPEC section 2), ? included
    await visit(page, '/', 'Generate');
    await page.keyboard.press('Shift+Slash');
    await expect.poll(() => page.getByRole('combobox', { name: 'Workflow' }).inputValue()).toBe('?');
    expect(await sheet.count()).toBe(0);
  });

  it('a gallery tile opens the lightbox with Enter, and Escape gives focus back', async () => {
    await visit(page, '/gallery', 'Gallery');
    const view = page
      .locator('[data-item-id]')
      .first()
      .getByRole('button', { name: /^View / });
    await view.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog', { name: 'Lightbox' });
    await box.waitFor();
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    expect(await view.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
