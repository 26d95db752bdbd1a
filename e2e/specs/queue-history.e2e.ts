import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import {
  apiToken,
  call,
  cancelIfRunning,
  explainedByQueue,
  getJob,
  jobRequest,
  submitJob,
  waitForEmptyQueue,
  workflowIdByName,
} from '../support/api.js';
import { PHONE, WAIT, appUrl, pagesOfOneBrowser, rewriteAnswers, screenshot, signIn } from '../support/browser.js';
import { markDocument, stillSameDocument, watchForText } from '../support/page-checks.js';
import { cutOffElements, fitsViewport } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

let owner: { username: string; password: string; token: string };
let workflowId: number;
/** The job the first spec runs to completion; later specs open it. */
let finished: { id: number; name: string };

beforeAll(async () => {
  const user = await createUser('user');
  owner = { ...user, token: await apiToken(user) };
  workflowId = await workflowIdByName(owner.token, 'Text to Image');
});

/**
 * The first spec's job: long enough (at the specs' 400 ms an item) to be still running when a busy
 * machine has opened a second tab on it.
 */
const FOLLOWED_ITEMS = 30;

/** Jobs a spec starts, cancelled when it ends, passed or failed, so the next spec finds an empty queue. */
function cancelledAtTheEnd(): number[] {
  const ids: number[] = [];
  onTestFinished(async () => {
    for (const id of ids) await cancelIfRunning(owner.token, id);
    await waitForEmptyQueue(owner.token);
  });
  return ids;
}

/**
 * The token of a user of their own, for a job watched from another account: the owner's history
 * stays as the later specs expect it.
 */
async function anotherOwner(): Promise<string> {
  return apiToken(await createUser('user'));
}

/** Cancels the job when the spec ends, passed or failed, so the next spec finds an empty queue. */
function cancelledWhenDone(token: string, id: number): void {
  onTestFinished(async () => {
    await cancelIfRunning(token, id);
    await waitForEmptyQueue(token);
  });
}

const uniqueName = (label: string) => `${label} ${randomBytes(2).toString('hex')}`;
const mainRegion = (page: Page) => page.getByRole('main');

describe('queue, job details and history, live', () => {
  it('follows a job through the queue to completed without reloading, on the queue and on its page', async () => {
    const queuePage = await openPage();
    await signIn(queuePage, owner);
    await queuePage.getByRole('link', { name: /^Jobs .* Items/ }).click();
    await queuePage.getByText('No jobs in queue').waitFor();
    await screenshot(queuePage, 'queue-empty-desktop');
    await markDocument(queuePage);

    const name = uniqueName('Lighthouse walk');
    const id = await submitJob(owner.token, jobRequest(workflowId, name, FOLLOWED_ITEMS));
    finished = { id, name };

    const current = queuePage.getByRole('region', { name: 'Current jobs (1)' }).getByRole('article', { name });
    await current.getByRole('link', { name }).waitFor({ timeout: 5000 });
    await current.getByText(/step \d+ of \d+/).waitFor({ timeout: 5000 });
    await current.getByText(new RegExp(`^\\d+ of ${FOLLOWED_ITEMS}$`)).waitFor({ timeout: 2000 });
    await screenshot(queuePage, 'queue-running-desktop');

    // a second tab of the same user, on the job's own page while it runs
    const jobPage = await queuePage.context().newPage();
    await jobPage.goto(appUrl(`/job/${id}`));
    const heading = jobPage.getByRole('heading', { level: 1, name });
    await heading.waitFor();
    const badgeAtLoad = await jobPage.locator('main [data-status]').first().textContent();
    expect(badgeAtLoad).toMatch(/Queued|Submitting|Processing/);
    await markDocument(jobPage);
    // the badge has its own request (the queue), which may answer after the job's
    await jobPage.getByRole('link', { name: /^Jobs 1\s*Items/ }).waitFor({ timeout: 10_000 });

    await jobPage.locator('main [data-status="completed"]').first().waitFor({ timeout: 30_000 });
    await queuePage.getByText('No jobs in queue').waitFor({ timeout: 5000 });
    await expect
      .poll(() => jobPage.getByRole('group', { name: 'Results' }).getByRole('img').count())
      .toBe(FOLLOWED_ITEMS);
    await jobPage.getByRole('link', { name: /^Jobs 0\s*Items 0/ }).waitFor();
    expect(await jobPage.getByText(/step \d+ of/).count()).toBe(0);
    expect(await stillSameDocument(queuePage)).toBe(true);
    expect(await stillSameDocument(jobPage)).toBe(true);
  });

  it('opens the job from history and shows its results', async () => {
    const page = await openPage();
    await signIn(page, owner);
    await page.getByRole('navigation').getByRole('link', { name: 'History', exact: true }).click();
    const rows = page.getByRole('list', { name: 'Jobs' });
    await rows.getByRole('link', { name: finished.name, exact: true }).waitFor();
    expect(await rows.getByRole('link', { name: `View gallery of ${finished.name}` }).getAttribute('href')).toBe(
      `/gallery/${finished.id}`,
    );
    await rows.getByRole('link', { name: finished.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: finished.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/job/${finished.id}`);
    expect(await mainRegion(page).getByText('Completed').first().isVisible()).toBe(true);

    const results = page.getByRole('group', { name: 'Results' }).getByRole('img');
    await expect.poll(() => results.count()).toBe(FOLLOWED_ITEMS);
    await expect
      .poll(() => results.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'job-details-desktop');
  });

  it('reads a job status from a newer server as Unknown on the history and the job page, and still shows both', async () => {
    const page = await openPage();
    await signIn(page, owner);
    // the real answers, as a newer server would send them: the same job under a status this client does not know
    type Job = { id: number; status: string };
    const renamed = (job: Job) => (job.id === finished.id ? { ...job, status: 'paused' } : job);
    await rewriteAnswers<{ jobs: Job[] }>(page, /\/api\/jobs(\?|$)/, (body) => ({
      ...body,
      jobs: body.jobs.map(renamed),
    }));
    await rewriteAnswers(page, `**/api/jobs/${finished.id}`, renamed);

    await page.goto(appUrl('/history'));
    const row = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').filter({ hasText: finished.name });
    await row.getByText('Unknown', { exact: true }).waitFor();
    expect(await row.getByText('Completed', { exact: true }).count()).toBe(0);

    await page.goto(appUrl(`/job/${finished.id}`));
    await page.getByRole('heading', { level: 1, name: finished.name }).waitFor();
    await mainRegion(page).getByText('Unknown', { exact: true }).first().waitFor();
    expect(await page.getByText('Job not found').count()).toBe(0);
  });

  it('pages the history by 10, filters it by status and searches it', async () => {
    const historian = await createUser('user');
    const token = await apiToken(historian);
    for (let n = 1; n <= 11; n++) {
      const id = await submitJob(token, jobRequest(workflowId, `Dune ${n}`, 50));
      await cancelIfRunning(token, id);
    }
    await waitForEmptyQueue(token);

    const page = await openPage();
    await signIn(page, historian);
    await page.goto(appUrl('/history'));
    const rows = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await page.getByText('Page 1 of 2 · 11 jobs').waitFor();
    expect(await rows.count()).toBe(10);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'history-desktop');

    // from the keyboard: Next onto the last page keeps the focus (it does nothing more there)
    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Page 2 of 2 · 11 jobs').waitFor();
    expect(await rows.count()).toBe(1);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    expect(await focused()).toBe('Next page');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2');
    await page.getByText('Page 2 of 2 · 11 jobs').waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');

    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    await page.getByText('No jobs found').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Cancelled' });
    await page.getByText('Page 1 of 2 · 11 jobs').waitFor();

    await page.getByLabel('Search jobs').fill('Dune 1');
    await page.getByText('Page 1 of 1 · 3 jobs').waitFor();
    const names = await page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: /^Dune/ }).allTextContents();
    expect(names.sort()).toEqual(['Dune 1', 'Dune 10', 'Dune 11']);
    expect(new URL(page.url()).search).toBe('?status=cancelled&search=Dune+1');
  });

  it('clones a job under a new name, asking for one', async () => {
    const page = await openPage();
    await signIn(page, owner);
    await page.goto(appUrl(`/job/${finished.id}`));
    await page.getByRole('button', { name: 'Clone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clone job' });
    const input = dialog.getByLabel('New job name');
    expect(await input.inputValue()).toBe(`${finished.name} (copy)`);
    await input.fill('   ');
    await dialog.getByRole('button', { name: 'Clone job' }).click();
    await dialog.getByText('Please enter a job name').waitFor();
    await screenshot(page, 'job-clone-dialog-desktop');

    const cloneName = uniqueName('Cloned lighthouse');
    await input.fill(cloneName);
    await page.route('**/api/jobs/*/clone', (route) => route.abort());
    await dialog.getByRole('button', { name: 'Clone job' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to clone job' }).waitFor();
    await page.unroute('**/api/jobs/*/clone');
    // two submits in the same instant (a double click, Enter twice) make one job
    let clones = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/jobs\/\d+\/clone$/.test(request.url())) clones++;
    });
    // the dialog's content is the form itself
    await dialog.evaluate((form: HTMLFormElement) => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await page.getByRole('heading', { level: 1, name: cloneName }).waitFor();
    const named = await call<{ jobs: Array<{ id: number }> }>(`/jobs?search=${encodeURIComponent(cloneName)}`, {
      token: owner.token,
    });
    expect(named.jobs).toHaveLength(1);
    expect(clones).toBe(1);
    onTestFinished(() => Promise.all(named.jobs.map((j) => cancelIfRunning(owner.token, j.id))).then(() => undefined));
    const cloneId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(cloneId).not.toBe(finished.id);
    await cancelIfRunning(owner.token, cloneId);
    await waitForEmptyQueue(owner.token);
  });

  it('cancels a running job from its page', async () => {
    const page = await openPage();
    await signIn(page, owner);
    const name = uniqueName('Long batch');
    const id = await submitJob(owner.token, jobRequest(workflowId, name, 60));
    await page.goto(appUrl(`/job/${id}`));
    await page.locator('main [data-status="processing"]').first().waitFor({ timeout: 10_000 });
    await page.getByText(/step \d+ of \d+/).waitFor();
    await screenshot(page, 'job-running-desktop');

    await page.getByRole('button', { name: 'Cancel job' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this job?' });
    await confirm.getByRole('button', { name: 'Cancel job' }).click();
    await page.locator('main [data-status="cancelled"]').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'This job was cancelled' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel job' }).count()).toBe(0);
    // the keyboard is not dropped to the top of the page with the button that went
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT).toBe('Clone');
    expect((await getJob(owner.token, id)).status).toBe('cancelled');
    await waitForEmptyQueue(owner.token);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'job-cancelled-desktop');
  });

  it("shows an admin every result of another user's job once it ends, not only those of the last poll", async () => {
    const jobOwner = await anotherOwner();
    const page = await openPage();
    await signIn(page, inject('e2eAdmin'));
    const id = await submitJob(jobOwner, jobRequest(workflowId, uniqueName('Watched by an admin'), 60));
    cancelledWhenDone(jobOwner, id);
    await expect.poll(async () => (await getJob(jobOwner, id)).batch_completed, WAIT).toBeGreaterThan(0);
    const firstRead = page.waitForResponse((response) => response.url().includes(`/api/jobs/${id}/results`));
    await page.goto(appUrl(`/job/${id}`));
    const read = (await (await firstRead).json()) as { items: unknown[] };
    // an item more is made after that read, well before the next 5 s poll, and the admin cancels
    // (the owner's connection hears of each item; an admin's hears nothing of another's job)
    await expect
      .poll(async () => (await getJob(jobOwner, id)).batch_completed, WAIT)
      .toBeGreaterThan(read.items.length);
    await page.getByRole('button', { name: 'Cancel job' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel this job?' })
      .getByRole('button', { name: 'Cancel job' })
      .click();
    await page.locator('main [data-status="cancelled"]').first().waitFor();

    // the heading counts the results as they are read again once the job has ended, a moment after
    // its status shows it
    const heading = page.getByRole('heading', { name: /^Results \(\d+\)$/ });
    const resultsCounted = async () => Number(/\((\d+)\)/.exec(await heading.innerText())![1]);
    await expect.poll(resultsCounted, WAIT).toBeGreaterThan(read.items.length);
    const counted = await resultsCounted();
    const tiles = page.getByRole('group', { name: 'Results' }).getByRole('img');
    await expect.poll(() => tiles.count(), WAIT).toBeGreaterThanOrEqual(counted);
  });
});

describe('permissions changed while a page is open', () => {
  it("shows 'Job not found' to an admin demoted while on another user's running job, not the job as last polled", async () => {
    const jobOwner = await anotherOwner();
    const admin = await createUser('admin');
    const page = await openPage();
    await signIn(page, admin);
    const name = uniqueName('Watched before a demotion');
    const id = await submitJob(jobOwner, jobRequest(workflowId, name, 60));
    cancelledWhenDone(jobOwner, id);
    await page.goto(appUrl(`/job/${id}`));
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const superAdmin = await apiToken(inject('e2eAdmin'));
    await call(`/admin/users/${admin.id}`, {
      method: 'PUT',
      token: superAdmin,
      body: JSON.stringify({ role: 'user' }),
    });
    // the next poll of the running job is answered 404: another user's job is not a user's to see
    await mainRegion(page).getByRole('alert').filter({ hasText: 'Job not found' }).waitFor(WAIT);
    expect(await page.getByRole('heading', { level: 1, name }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel job' }).count()).toBe(0);
  });
});

describe('the live connection', () => {
  it('is one per tab whatever the page, closes on sign-out and is new after signing in again', async () => {
    const page = await openPage();
    const sockets: WebSocket[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/')) sockets.push(socket);
    });
    await signIn(page, owner);
    await expect.poll(() => sockets.length).toBe(1);
    const nav = page.getByRole('navigation');
    for (const name of ['History', 'Analytics', 'Generate', 'History']) {
      await nav.getByRole('link', { name, exact: true }).click();
    }
    await nav.getByRole('link', { name: /^Jobs .* Items/ }).click();
    await page.getByRole('heading', { name: 'Generation Queue' }).waitFor();
    expect(sockets.length).toBe(1);
    expect(sockets[0]!.isClosed()).toBe(false);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => sockets.length).toBe(2);
    expect(sockets[1]!.isClosed()).toBe(false);
  });
});

describe('analytics', () => {
  it('shows My Analytics for the period chosen, 30days first', async () => {
    const page = await openPage();
    await signIn(page, owner);
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Analytics' }).waitFor();
    expect(await page.getByRole('radio', { name: '30days' }).isChecked()).toBe(true);
    await page.getByRole('table', { name: 'Popular workflows' }).getByText('Text to Image').waitFor();
    expect(await page.getByText('System Admin View').count()).toBe(0);

    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    for (const period of ['7days', '90days'] as const) {
      const request = page.waitForRequest((r) => r.url().includes(`/api/analytics/dashboard?period=${period}`));
      await page.getByText(period, { exact: true }).click();
      // hours are counted on the viewer's own clock, clock changes included
      expect(new URL((await request).url()).searchParams.get('timezone')).toBe(zone);
      expect(await page.getByRole('radio', { name: period }).isChecked()).toBe(true);
      await page.locator('[aria-busy="false"]').waitFor();
    }
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'analytics-desktop');
  });

  it('shows a super admin the System Analytics with the System Admin View badge', async () => {
    const page = await openPage();
    await signIn(page, inject('e2eAdmin'));
    await page.goto(appUrl('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'System Analytics' }).waitFor();
    await page.getByText('System Admin View').waitFor();
    await page.getByRole('table', { name: 'Active users' }).getByText(owner.username).waitFor();
    await screenshot(page, 'analytics-admin-desktop');
  });

  it("shows the system view for a view_type other than 'personal', as a newer server might send", async () => {
    const page = await openPage();
    await signIn(page, owner);
    await rewriteAnswers<object>(page, '**/api/analytics/dashboard?*', (body) => ({
      ...body,
      view_type: 'organisation',
    }));
    await page.goto(appUrl('/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'System Analytics' }).waitFor();
    await page.getByRole('table', { name: 'Popular workflows' }).getByText('Text to Image').waitFor();
    expect(await page.getByText('Failed to load dashboard data').count()).toBe(0);
  });

  it("says 'Failed to load dashboard data' when the dashboard cannot be loaded", async () => {
    const page = await openPage();
    await signIn(page, owner);
    await page.route('**/api/analytics/**', (route) => route.abort());
    await page.goto(appUrl('/dashboard'));
    await page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data' }).waitFor({ timeout: 15_000 });
  });
});

describe('the shared queue, live across browsers', () => {
  it("shows another user's new job in a second browser context at once, without polling", async () => {
    const started = cancelledAtTheEnd();
    const watcher = await openPage();
    await signIn(watcher, await createUser('user'));
    await watcher.goto(appUrl('/queue'));
    await watcher.getByText('No jobs in queue').waitFor();
    // from here on the 5 s poll cannot answer: only the socket can bring the job
    await watcher.route('**/api/queue', (route) => route.abort());

    const submitter = await openPage();
    await signIn(submitter, owner);
    const name = uniqueName('Seen elsewhere');
    // long enough that it is still running when the two after it are checked, on a loaded machine
    const body = jobRequest(workflowId, name, 30);
    // Both clocks are the same browser's: the time is what a person would see.
    const seenAt = await watchForText(watcher, name);
    const sent = await submitter.evaluate(async (payload) => {
      const sentAt = Date.now();
      const response = await fetch('/api/jobs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify(payload),
      });
      const { id } = (await response.json()) as { id: number };
      return { id, sentAt, answeredAt: Date.now() };
    }, body);
    started.push(sent.id);
    await watcher.getByText(name, { exact: true }).first().waitFor({ timeout: 5000 });
    const latencyMs = (await seenAt()) - sent.sentAt;
    process.stdout.write(
      `second-context queue latency: ${latencyMs} ms from the submit (its POST answered after ${sent.answeredAt - sent.sentAt} ms)\n`,
    );
    // The socket's latency is measured by the bench (socket-latency.ts); this bound is only well
    // under the 5 s poll, so a loaded CI machine does not fail a push that arrived in 1.1 s.
    expect(latencyMs).toBeLessThan(3000);
    // another user's job is shown but not linked: its page is not theirs to open
    expect(await watcher.getByRole('link', { name }).count()).toBe(0);

    // the worker runs two jobs at once (WORKER_CONCURRENCY), so a third one waits
    const alongsideName = uniqueName('Running alongside');
    started.push(await submitJob(owner.token, jobRequest(workflowId, alongsideName, 30)));
    const nextName = uniqueName('Waiting its turn');
    started.push(await submitJob(owner.token, jobRequest(workflowId, nextName, 4)));
    await explainedByQueue(
      owner.token,
      watcher.getByRole('region', { name: 'Upcoming jobs (1)' }).getByText(nextName).waitFor({ timeout: 5000 }),
    );
    // both running jobs are shown, each with its own progress bar
    const running = watcher.getByRole('region', { name: 'Current jobs (2)' }).getByRole('article');
    await running.getByRole('progressbar').nth(1).waitFor({ timeout: 5000 });
    expect(await running.evaluateAll((jobs) => jobs.map((job) => job.getAttribute('aria-label')))).toEqual([
      name,
      alongsideName,
    ]);
    for (const job of await running.all()) await job.getByText(/^\d+ of 30$/).waitFor({ timeout: 2000 });
    expect(await fitsViewport(watcher)).toBe(true);
    await screenshot(watcher, 'queue-upcoming-desktop');
  });
});

describe('on a 390px phone', () => {
  it('fits the queue, history, job details and analytics', async () => {
    const started = cancelledAtTheEnd();
    const page = await openPage(PHONE);
    await signIn(page, owner);
    const name = uniqueName('Phone batch with a rather long name to wrap');
    // long enough to be still running on a loaded CI machine; cancelled once the pages are checked
    const id = await submitJob(owner.token, jobRequest(workflowId, name, 60));
    const alongsideId = await submitJob(owner.token, jobRequest(workflowId, uniqueName('Alongside'), 60));
    const nextId = await submitJob(owner.token, jobRequest(workflowId, uniqueName('Next in line'), 3));
    started.push(id, alongsideId, nextId);

    await page.goto(appUrl('/queue'));
    await explainedByQueue(
      owner.token,
      page.getByRole('region', { name: 'Current jobs (2)' }).getByRole('link', { name }).waitFor({ timeout: 15_000 }),
    );
    await explainedByQueue(owner.token, page.getByRole('region', { name: 'Upcoming jobs (1)' }).waitFor());
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'queue-running-phone');

    await page.goto(appUrl(`/job/${id}`));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('group', { name: 'Results' }).getByRole('img').first().waitFor({ timeout: 10_000 });
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'job-running-phone');
    for (const jobId of [nextId, alongsideId, id]) await cancelIfRunning(owner.token, jobId);
    await waitForEmptyQueue(owner.token);

    await page.goto(appUrl(`/job/${finished.id}`));
    await page.getByRole('heading', { level: 1, name: finished.name }).waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Results' }).getByRole('img').count()).toBe(FOLLOWED_ITEMS);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'job-details-phone');

    await page.goto(appUrl('/history'));
    await page.getByRole('list', { name: 'Jobs' }).getByRole('link', { name: finished.name, exact: true }).waitFor();
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'history-phone');

    await page.goto(appUrl('/queue'));
    await page.getByText('No jobs in queue').waitFor();
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'queue-empty-phone');

    await page.goto(appUrl('/dashboard'));
    await page.getByRole('table', { name: 'Popular workflows' }).waitFor();
    // the Completed column is left out on a phone: its figure shows under each name instead
    for (const table of ['Popular workflows', 'Active users']) {
      const rows = page.getByRole('table', { name: table }).getByRole('row');
      expect(
        await page.getByRole('table', { name: table }).getByRole('columnheader', { name: 'Completed' }).isVisible(),
      ).toBe(false);
      expect(
        await rows
          .nth(1)
          .getByText(/^\d[\d,]* completed/)
          .isVisible(),
        table,
      ).toBe(true);
    }
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'analytics-phone');
  });
});

describe('a history of many pages on a 390px phone', () => {
  it('groups the page numbers as the page count is grouped and wraps them inside the width', async () => {
    const user = await createUser('user');
    // 150,000 jobs, 15,000 pages of 10: five-digit page numbers; by SQL, as no worker would run so many
    const db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
    await db.connect();
    onTestFinished(async () => {
      await db.query('DELETE FROM jobs WHERE user_id = $1', [user.id]);
      await db.end();
    });
    await db.query(
      `INSERT INTO jobs (user_id, workflow_id, workflow_name, job_name, batch_size, batch_completed, status, created_at)
         SELECT $1, $2, 'Text to Image', 'Archived run ' || s, 1, 1, 'completed', now() - s * interval '1 second'
           FROM generate_series(1, 150000) AS s`,
      [user.id, workflowId],
    );
    const page = await openPage(PHONE);
    await signIn(page, user);
    await page.goto(appUrl('/history?page=12345'));
    await page.getByText('Page 12,345 of 15,000 · 150,000 jobs').waitFor();
    const pages = page.getByRole('button', { name: /\bpage \d+$/i });
    expect(await pages.allTextContents()).toEqual(['1', '12,344', '12,345', '12,346', '15,000']);
    expect(await fitsViewport(page)).toBe(true);
    expect(await cutOffElements(page)).toEqual([]);
    // inserting 150,000 rows takes a while on a busy machine
  }, 120_000);
});
