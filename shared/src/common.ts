import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './constants.js';

/** Timestamps travel as ISO-8601 strings. */
export const isoDateSchema = z.string();

/** Ids are positive 32-bit integers (identity columns). */
export const MAX_ID = 2_147_483_647;
/**
 * An id's one text spelling (paths, queries) read as its number; anything else is left for the
 * schema to refuse. Not z.coerce: Number() also reads ' 1', '01', '0x1', '1e0' and `true` as 1,
 * so one object would answer to many spellings.
 */
export const idFromDigits = (value: unknown): unknown =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;

/**
 * A whole number in a JSON body: a number, or its plain decimal digits as text. Not z.coerce,
 * which would also take `true`, `[2]` and `"0x10"` as numbers.
 */
export const wholeFromDigits = (value: unknown): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/** 'Seed mode must be random or fixed': what a field of fixed values takes, instead of zod's 'Invalid option'. */
export function choiceMessage(field: string, values: readonly string[]): string {
  const listed = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0];
  return `${field} must be ${listed}`;
}

/** A field that takes one of fixed values, refused with choiceMessage. */
export function choice<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: choiceMessage(field, values) });
}

/**
 * The updated_at of the copy an editor opened: a save from an older copy is refused (409) rather
 * than undo a save made meanwhile. Optional: SPEC section 7 names no such field.
 */
export const expectedUpdatedAtSchema = z.iso
  .datetime({ offset: true, error: 'expected_updated_at must be a date and time such as 2026-01-31T12:00:00.000Z' })
  .optional();

/**
 * A whole-number query parameter, sent once as its plain decimal digits (an optional minus for
 * negative ranges). Not z.coerce: that reads '0x10' as 16 and '1e2' as 100, and a parameter sent
 * twice (`?limit=1&limit=2`) as NaN, answered as 'expected number, received NaN'.
 * A body field takes it too (a number, or its digits as text).
 */
export function wholeQueryParam(name: string, min: number, max: number, message?: string) {
  const error = message ?? `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(wholeFromDigits, z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
}

/**
 * An id: a JSON number, or (in paths and queries) its plain decimal digits; refused with `message`,
 * which may say what the id is for.
 */
export const idOf = (message: string) =>
  z.preprocess(
    idFromDigits,
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }),
  );

export const idSchema = idOf('Invalid id');
export type Id = number;

export const idParamSchema = z.object({ id: idSchema });

export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The answer of deletions and other changes that return nothing but a confirmation. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A search box's or text filter's query parameter, with a message a person can read when too long. */
export function searchTextSchema(name = 'Search') {
  return (
    z
      .string({ error: `${name} must be one text` })
      // names and tags are stored composed (NFC), whichever way a keyboard composed the search
      .overwrite((text) => text.normalize('NFC'))
      .trim()
      .max(SEARCH_MAX_LENGTH, { error: `${name} must be at most ${SEARCH_MAX_LENGTH} characters` })
      .optional()
  );
}

/**
 * Control characters (a newline, a terminal escape) and invisible format characters (zero-width
 * spaces, bidi controls) would let a name look like another one, or like none. The zero-width
 * joiner and non-joiner stay: Persian, Indic scripts and emoji sequences are written with them.
 */
const HIDDEN_CHARACTERS = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;
/**
 * What is taken out of free text such as tags: controls, zero-width spaces, word joiners, byte-order
 * marks, soft hyphens and the bidi embeddings, overrides and isolates that can make text look like
 * other text. Kept: the joiners, the left-to-right and right-to-left marks of bidirectional
 * text, and the tag characters that spell the flags of England, Scotland and Wales.
 */
const INVISIBLE_FILLERS = /[\p{Cc}\u00ad\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Something that shows: letters, digits, symbols; not only spaces or joiners. Nor only characters
 * that draw nothing though they are letters or symbols: the Hangul fillers (U+3164, U+FFA0...) and
 * variation selectors (Default_Ignorable_Code_Point), and the blank Braille cell U+2800.
 */
const VISIBLE_CHARACTER = /[^\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * The text with those invisible fillers taken out, and nothing at all when nothing of it shows: a
 * name of Hangul fillers alone is as blank as one of spaces, and "required" rules take it as such.
 */
export function withoutInvisibleFillers(text: string): string {
  const kept = text.replace(INVISIBLE_FILLERS, '');
  return VISIBLE_CHARACTER.test(kept) ? kept : '';
}

/** Characters as zod's min and max count them: code points, so an emoji is one, not two. */
export function characterCount(text: string): number {
  return [...text].length;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Characters as a reader counts them: 👍🏽, 🇫🇷, ❤️ and e with a combining accent are one each,
 * though each is two code points (characterCount counts them as two).
 */
export function graphemeCount(text: string): number {
  return Array.from(GRAPHEMES.segment(text)).length;
}

/**
 * `text` cut to at most `max` characters as characterCount counts them, between whole characters
 * as a reader sees them: never half an emoji (a lone surrogate the server refuses) or half a flag.
 */
export function clipToCharacters(text: string, max: number): string {
  let kept = '';
  let used = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    used += characterCount(segment);
    if (used > max) break;
    kept += segment;
  }
  return kept;
}

/** A name with no hidden characters that shows something (or is empty: "required" is another rule). */
export function isShownName(name: string): boolean {
  return !HIDDEN_CHARACTERS.test(name) && (name === '' || VISIBLE_CHARACTER.test(name));
}
