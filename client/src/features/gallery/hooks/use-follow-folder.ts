import type { GalleryFolder } from '@atelier/shared';
import { useEffect, useRef } from 'react';
import { sameFolderName } from '../utils/folder-names';

/**
 * The folder being viewed is named in the address; when it is renamed the view follows it to its
 * new name, and when it is deleted the view goes back to the gallery, rather than showing an empty
 * folder of a name that no longer exists. A name that was no folder of the user's when the address
 * was opened (a bookmark or a shared link to one deleted or renamed since) is left as typed: the
 * answer is then true, once the folders have loaded, for the view to say the folder is gone.
 */
export function useFollowFolder(
  folder: string | null,
  folders: readonly GalleryFolder[] | undefined,
  go: (folder: string | null) => void,
): boolean {
  const entered = useRef<number | null>(null);
  useEffect(() => {
    if (!folders || !folder) {
      entered.current = null;
      return;
    }
    const current = folders.find((f) => sameFolderName(f.name, folder));
    if (current) {
      // renamed in letter case only: the address and breadcrumb take the new spelling too
      if (entered.current === current.id && current.name !== folder) go(current.name);
      entered.current = current.id;
      return;
    }
    if (entered.current === null) return;
    const renamed = folders.find((f) => f.id === entered.current);
    entered.current = null;
    go(renamed ? renamed.name : null);
  }, [folder, folders, go]);

  // '' (or blanks, as the server trims them) is the ungrouped media, no folder; a folder this view
  // was following is renamed or left by the effect above, not reported gone
  if (!folders || !folder?.trim() || entered.current !== null) return false;
  return !folders.some((f) => sameFolderName(f.name, folder));
}
