/**
 * Two folder names name one folder regardless of letter case, as the server's do (a user's folder
 * names are unique by lower(name)), and of surrounding blanks and composition, which the server
 * takes away from a name asked for (Cafe + U+0301, as macOS types it, is Café); null and '' both
 * mean no folder (ungrouped).
 */
export function sameFolderName(a: string | null | undefined, b: string | null | undefined): boolean {
  const key = (name: string | null | undefined) => (name ?? '').trim().normalize('NFC').toLowerCase();
  return key(a) === key(b);
}
