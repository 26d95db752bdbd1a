import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_EMAIL_DOMAIN, DEMO_USERS } from './demo-content.js';
import { DemoSeedError } from './demo-seed-error.js';
import type { DemoServices } from './demo-services.js';

/**
 * Removes the demo accounts of a run that did not finish (with their jobs, items, folders and
 * media), so the next run starts clean. A user of the same name that is not a demo account is
 * never touched: the seed stops instead.
 */
export async function removeDemoLeftovers(s: DemoServices, mediaDir: string): Promise<number> {
  const found = await s.demo.usersNamed(DEMO_USERS.map((u) => u.username));
  const foreign = found.filter((u) => !u.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`));
  if (foreign.length)
    throw new DemoSeedError(
      `A user named ${foreign.map((u) => u.username).join(', ')} already exists and is not a demo account; ` +
        'rename or delete it to add the demo data',
    );
  for (const user of found) {
    await s.deletion.deleteWithEverything(user.id, user.id, () => undefined);
    // media lives under <media>/<user id>/<job id>/, and ids are never reused
    await rm(path.join(mediaDir, String(user.id)), { recursive: true, force: true });
  }
  return found.length;
}
