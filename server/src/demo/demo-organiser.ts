import type { DemoAccount } from './demo-accounts.js';
import type { ItemPick } from './demo-content.js';
import type { DemoServices } from './demo-services.js';

/**
 * Sorts a user's results the way they would in the gallery: some moved into folders, some
 * archived, some tagged, through the gallery service the bulk actions and the lightbox call.
 * `jobIds` maps the user's job names to their ids.
 */
export async function organiseGallery(s: DemoServices, account: DemoAccount, jobIds: Map<string, number>) {
  const { user, plan } = account;
  const itemsByJob = new Map<string, number[]>();
  const pick = async ({ job, skip = 0, take }: ItemPick): Promise<number[]> => {
    const jobId = jobIds.get(job);
    if (jobId === undefined) throw new Error(`${user.username} has no demo job named "${job}"`);
    if (!itemsByJob.has(job)) itemsByJob.set(job, await s.demo.itemIdsOfJob(jobId));
    const ids = itemsByJob.get(job)!.slice(skip, skip + take);
    if (ids.length < take) throw new Error(`"${job}" of ${user.username} has fewer than ${skip + take} items`);
    return ids;
  };

  for (const move of plan.moves) await s.gallery.moveToFolder(user, await pick(move), move.folder);
  for (const archive of plan.archived) await s.gallery.setArchived(user, await pick(archive), true);
  for (const tagged of plan.tagged) {
    for (const id of await pick(tagged)) await s.gallery.setTags(user, id, tagged.tags);
  }
}
