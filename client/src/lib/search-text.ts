/** Text as a search box compares it: composed (NFC) and lower-cased, as the server's searches do. */
const comparable = (text: string) => text.normalize('NFC').toLowerCase();

/**
 * Whether `text` holds what was typed in a search box, however either was composed: 'Café' typed
 * with a combining accent (as macOS pastes it) finds the stored 'Café', which names are stored as.
 */
export function includesSearch(text: string, search: string): boolean {
  return comparable(text).includes(comparable(search.trim()));
}
