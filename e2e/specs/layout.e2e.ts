import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { apiToken, call, cancelIfRunning, getJob, jobRequest, submitJob, waitForEmptyQueue } from '../support/api.js';
import { DESKTOP, PHONE, appUrl, launchBrowser, newContext, signIn } from '../support/browser.js';
import { catalogueIds, uploadSampleAssets, type CatalogueIds } from '../support/catalogue.js';
import { capture, cutOffElements, fitsViewport, region, withinViewportWidth } from '../support/screens.js';
import { createUser } from '../support/users.js';

/** Every screen of issue 6 at a laptop and a phone size: nothing sticks out, nothing is cut off. */

type Credentials = { username: string; password: string };

let browser: Browser;
let ids: CatalogueIds;
let user: Credentials;
let token: string;
let finishedJob: number;
const contexts: BrowserContext[] = [];

// Long on purpose: it has to wrap, not push the page wider, on every screen that shows it.
const JOB_NAME = 'Lighthouse on a cliff at dusk, second attempt with warmer light';

async function waitUntilFinished(id: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await getJob(token, id)).status === 'completed') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${id} did not complete in 30 s`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser('super_admin');
  token = await apiToken(user);
  ids = await catalogueIds(user);
  await uploadSampleAssets(user);
  finishedJob = await submitJob(token, jobRequest(ids['Text to Image'], JOB_NAME, 4));
  await waitUntilFinished(finishedJob);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

interface Screen {
  name: string;
  path: () => string;
  /** Resolves once the screen shows its content; answers the elements that must be in full view. */
  ready: (page: Page) => Promise<Locator[]>;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const SCREENS: Screen[] = [
  {
    name: 'generate',
    path: () => `/?workflow=${ids['Image to Image']}`,
    ready: async (page) => {
      await region(page, 'Image to Image').getByRole('button', { name: 'Harbour' }).waitFor();
      await region(page, 'Recent Jobs').getByText(JOB_NAME).waitFor();
      return [h1(page, 'Generate'), page.getByRole('button', { name: 'Generate', exact: true })];
    },
  },
  {
    name: 'workflows',
    path: () => '/workflows',
    ready: async (page) => {
      await page.getByRole('article', { name: 'Flux Portrait' }).waitFor();
      return [page.getByRole('searchbox', { name: 'Search workflows' }), page.getByRole('article').first()];
    },
  },
  {
    name: 'workflow',
    path: () => `/workflow/${ids['Image to Image']}`,
    ready: async (page) => {
      await page.getByText('No saved configurations yet.').waitFor();
      return [h1(page, 'Image to Image'), page.getByRole('button', { name: 'Generate', exact: true })];
    },
  },
  {
    name: 'workflow-slug',
    path: () => `/workflow-slug/${ids['Flux Portrait']}`,
    ready: async (page) => {
      await region(page, 'Organization').waitFor();
      return [h1(page, 'Flux Portrait'), page.getByRole('link', { name: 'Edit Configuration' })];
    },
  },
  {
    name: 'queue',
    path: () => '/queue',
    ready: async (page) => {
      const running = page.getByRole('region', { name: 'Current jobs (2)' }).getByRole('article');
      await running.nth(1).getByRole('progressbar').first().waitFor();
      await page.getByRole('region', { name: 'Upcoming jobs (1)' }).waitFor();
      return [h1(page, 'Generation Queue'), running.first(), running.nth(1)];
    },
  },
  {
    name: 'history',
    path: () => '/history',
    ready: async (page) => {
      const rows = page.getByRole('list', { name: 'Jobs' });
      await rows.getByRole('link', { name: JOB_NAME, exact: true }).waitFor();
      return [h1(page, 'Generation History'), page.getByLabel('Status'), rows.getByRole('listitem').first()];
    },
  },
  {
    name: 'job',
    path: () => `/job/${finishedJob}`,
    ready: async (page) => {
      const results = page.getByRole('group', { name: 'Results' }).getByRole('img');
      await expect.poll(() => results.count()).toBe(4);
      return [h1(page, JOB_NAME), page.getByRole('button', { name: /Clone/ })];
    },
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Popular workflows' }).waitFor();
      return [h1(page, 'System Analytics'), page.getByRole('table', { name: 'Popular workflows' })];
    },
  },
];

/** The queue screen is only worth looking at busy: two jobs running side by side and one waiting. */
async function fillQueue(): Promise<number[]> {
  const workflow = ids['Text to Image'];
  const running = [
    await submitJob(token, jobRequest(workflow, 'Harbour at night, long exposure', 40)),
    await submitJob(token, jobRequest(workflow, 'Dunes', 40)),
  ];
  return [
    ...running,
    await submitJob(token, jobRequest(workflow, 'Forest path after rain, in the style of a woodcut', 3)),
  ];
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('every screen at %s size', (size, viewport) => {
  let page: Page;

  beforeAll(async () => {
    const context = await newContext(browser, viewport);
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, user);
  });

  it.each(SCREENS.map((screen) => [screen.name, screen] as const))(
    '%s fits and shows its content',
    async (_, screen) => {
      const queued = screen.name === 'queue' ? await fillQueue() : [];
      try {
        await page.goto(appUrl(screen.path()));
        const keyElements = await screen.ready(page);
        expect(await fitsViewport(page)).toBe(true);
        expect(await cutOffElements(page)).toEqual([]);
        for (const element of [page.getByRole('link', { name: /^Jobs .* Items/ }), ...keyElements]) {
          expect(await withinViewportWidth(page, element), String(element)).toBe(true);
        }
        await capture(page, `layout-${screen.name}-${size}`);
      } finally {
        for (const id of queued.reverse()) await cancelIfRunning(token, id);
        if (queued.length) await waitForEmptyQueue(token);
      }
    },
  );

  it('keeps the navigation usable', async () => {
    await page.goto(appUrl('/history'));
    await h1(page, 'Generation History').waitFor();
    const nav = page.getByRole('navigation');
    const menu = nav.getByRole('button', { name: 'Menu' });
    if (size === 'phone') {
      expect(await nav.getByRole('link', { name: 'History', exact: true }).isVisible()).toBe(false);
      await menu.click();
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    for (const name of ['Generate', 'History', 'Gallery', 'Analytics', 'Admin']) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      expect(await withinViewportWidth(page, link), name).toBe(true);
    }
    expect(await cutOffElements(page)).toEqual([]);
    await capture(page, `layout-navigation-${size}`);
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await h1(page, 'System Analytics').waitFor();
  });
});

describe('touch targets on a phone', () => {
  it('gives the seed mode switch a finger-sized height (40 px), not the desktop 24 px', async () => {
    const context = await newContext(browser, PHONE);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    await h1(page, 'Text to Image').waitFor();
    const segments = page.getByRole('radiogroup', { name: 'Seed mode' }).locator('label');
    expect(await segments.count()).toBe(2);
    for (const segment of await segments.all())
      expect((await segment.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    expect(await cutOffElements(page)).toEqual([]);
  });
});

describe('the longest category and tags a workflow takes, on a phone', () => {
  it('cuts them short inside the width on the list and the workflow screen, the whole text on hover', async () => {
    // unbroken on purpose: no space to wrap at, so only cutting short keeps the page from widening
    const category = 'Unbrokencategory'.repeat(7).slice(0, 100);
    const tag = 'unbroken-tag-'.repeat(4).slice(0, 50);
    const { id } = await call<{ id: number }>('/workflows', {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Long organisation', workflow_slug: 'long-organisation', category, tags: [tag] }),
    });
    onTestFinished(() => call(`/workflows/${id}`, { method: 'DELETE', token }).then(() => undefined));
    const context = await newContext(browser, PHONE);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, user);

    await page.goto(appUrl('/workflows'));
    const chip = page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: category });
    await chip.waitFor();
    expect(await chip.getAttribute('title')).toBe(category);
    const card = page.getByRole('article', { name: 'Long organisation' });
    expect(await card.getByTitle(category).textContent()).toBe(category);
    expect(await card.getByTitle(tag).textContent()).toBe(tag);
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);

    await card.click();
    await h1(page, 'Long organisation').waitFor();
    expect(await page.locator('main').getByTitle(category).textContent()).toBe(category);
    expect(await page.locator('main').getByTitle(tag).textContent()).toBe(tag);
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
  });
});
