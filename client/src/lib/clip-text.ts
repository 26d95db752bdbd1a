/**
 * `text` cut to at most `max` UTF-16 units (stricter than the server, which counts code points:
 * see clipToCharacters), never through the middle of a character outside the BMP: half an emoji
 * would reach the server as U+FFFD.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
