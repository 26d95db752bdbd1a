import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser tests' captures that the README shows, by capture name. `npm run screenshots` runs
 * the browser tier with README_SCREENSHOTS=1, which copies each of them into docs/screenshots, so
 * the README's pictures are the app as the tests last saw it, never a hand-made mock-up.
 */
export const README_SCREENSHOTS = {
  'layout-generate-desktop': { file: 'generate.png', caption: 'Generate: pick a workflow, set its parameters, submit' },
  'layout-queue-desktop': { file: 'queue.png', caption: 'The shared live queue' },
  'layout-history-desktop': { file: 'history.png', caption: 'Generation history' },
  'layout-job-desktop': { file: 'job.png', caption: 'Job details with its results' },
  'gallery-desktop': { file: 'gallery.png', caption: 'Gallery with folders' },
  'gallery-lightbox-desktop': { file: 'lightbox.png', caption: 'The keyboard-driven lightbox' },
  'admin-tab-base-workflows': { file: 'admin.png', caption: 'Admin: base workflows' },
  'layout-dashboard-desktop': { file: 'analytics.png', caption: 'System analytics' },
} as const satisfies Record<string, { file: string; caption: string }>;

export const README_SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Keeps a capture for the README when this run was asked to (README_SCREENSHOTS=1). */
export function keepForReadme(name: string, file: string): void {
  if (process.env.README_SCREENSHOTS !== '1' || !(name in README_SCREENSHOTS)) return;
  mkdirSync(README_SCREENSHOT_DIR, { recursive: true });
  copyFileSync(
    file,
    path.join(README_SCREENSHOT_DIR, README_SCREENSHOTS[name as keyof typeof README_SCREENSHOTS].file),
  );
}
