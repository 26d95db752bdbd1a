import type { GalleryFolder } from '@atelier/shared';
import { useEffect, useRef } from 'react';
import { sameFolderName } from '../utils/folder-names';

/**
 * The folder being viewed is named in the address; when it is renamed the view follows it to its
 * new name, and when it is deleted the view goes back to the gallery, rather than showing an empty
 * folder of a name that no longer exists. A name that was never a folder is left as typed.
 */
export function useFollowFolder(
  folder: string | null,
  folders: readonly GalleryFolder[] | undefined,
  go: (folder: string | null) => void,
): void {
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
}
