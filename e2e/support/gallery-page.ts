import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT, appUrl, signIn } from './browser.js';
import { listGallery } from './gallery.js';

/** A gallery owner as the specs sign in and call the API. */
export type Owner = { username: string; password: string; token: string };

export const uniqueName = (label: string) => `${label} ${randomBytes(2).toString('hex')}`;

export const grid = (page: Page) => page.getByRole('list', { name: 'Media' });
export const tiles = (page: Page) => grid(page).getByRole('listitem');
export const viewButton = (page: Page, index: number) =>
  tiles(page)
    .nth(index)
    .getByRole('button', { name: /^View / });
export const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Lightbox' });
export const lightboxImage = (page: Page) => page.getByTestId('lightbox-stage').getByRole('img');
export const counts = (page: Page) => page.getByTestId('gallery-counts');

export async function openGallery(page: Page, owner: Owner, path = '/gallery'): Promise<void> {
  await signIn(page, owner);
  await page.goto(appUrl(path));
  await page.getByRole('heading', { level: 1, name: 'Gallery' }).waitFor();
}

/** Every image drawn with real pixels (the worker's output, served by the API). */
export async function imagesDrawn(page: Page): Promise<boolean> {
  return grid(page)
    .getByRole('img')
    .evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0));
}

/** Goes to `path` and waits until the page's live connection is up (Socket.IO's connect packet, 40). */
export async function gotoLive(page: Page, path: string): Promise<void> {
  const connected = page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).startsWith('40') }),
    );
  await page.goto(appUrl(path));
  await connected;
}

/**
 * Goes to /gallery and waits until its live connection is up (so nothing the worker makes next is
 * missed) and every ungrouped item is drawn; answers how many that is.
 */
export async function openLiveGallery(page: Page, owner: Owner): Promise<number> {
  await gotoLive(page, '/gallery');
  const ungrouped = (await listGallery(owner.token, { folder: '' })).length;
  await expect.poll(() => tiles(page).count(), WAIT).toBe(ungrouped);
  return ungrouped;
}
