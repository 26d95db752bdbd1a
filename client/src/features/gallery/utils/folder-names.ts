/**
 * Two folder names name one folder regardless of letter case, as the server's do (a user's folder
 * names are unique by lower(name)); null and '' both mean no folder (ungrouped).
 */
export function sameFolderName(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}
