import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The host goes into the name with the pid: a pid means nothing in another container (another pid
 * namespace) that might share the temp folder, so only this host's folders are ever judged.
 */
const HOST = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const OWNED = new RegExp(`^atelier-item-${HOST}-(\\d+)-`);

/** How this host names the item folders of process `pid`. */
export function itemDirPrefix(pid: number): string {
  return `atelier-item-${HOST}-${pid}-`;
}

/** A folder for one attempt at one item, named for this process so another can tell when it is orphaned. */
export function makeItemWorkDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), itemDirPrefix(process.pid)));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes the item folders of workers that are gone: a worker killed mid-item (SIGKILL, a crash,
 * the OOM killer) never ran its clean-up, and its partial downloads stay in the temp folder. Only
 * folders whose process no longer exists are removed, since several workers may share the folder.
 * A reused pid only keeps a folder longer.
 */
export async function removeOrphanedItemDirs(logger: Logger, tmpDir = os.tmpdir()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch (error) {
    logger.warn({ err: error, tmpDir }, 'Could not list the temp folder for orphaned item folders');
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = Number(OWNED.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      await rm(path.join(tmpDir, name), { recursive: true, force: true });
      removed++;
    } catch (error) {
      logger.warn({ err: error, folder: name }, 'Could not remove an orphaned item folder');
    }
  }
  if (removed) logger.info({ removed, tmpDir }, 'Removed item folders left by workers that are gone');
  return removed;
}
