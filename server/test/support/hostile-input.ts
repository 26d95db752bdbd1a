import fc from 'fast-check';
import type { ZodType } from 'zod';
import type { RouteDoc } from '../../src/openapi/route-doc.js';

/** Path values no route may take for an id or a name: each must be refused, never reach SQL or the disk. */
export const BAD_PATH_VALUES = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '0x10',
  'NaN',
  '01',
  '2147483648',
  '99999999999999999999999',
  '%00',
  '1%00',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252fetc',
  '..%5C..%5Cwindows',
  '%E2%80%AE',
  'a'.repeat(300),
] as const;

/** Query values that are wrong for every typed parameter: they go through Express's own query parser. */
export const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '1.5',
  '1e400',
  '99999999999999999999',
  'NaN',
  '%00',
  'a%00b',
  '[object Object]',
  'x'.repeat(5000),
] as const;

/** Strings with what a careless server passes on: NUL, lone surrogates, control and RTL characters. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    '\u0007',
    '%00',
    "'; DROP TABLE users; --",
    'x'.repeat(20_000),
  ),
);

/** Any JSON value, its strings hostile, its numbers huge or fractional as well as small. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308),
    hostileString,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** JSON nested deeper than any real body: arrays inside arrays, objects inside objects. */
function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export interface HostileRequest {
  /** Path values by parameter name. */
  params: Record<string, string>;
  query: string;
  /** Raw JSON text, or undefined for no body. */
  body?: string;
}

function fieldsOf(schema: ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * A body the route's own schema refuses: not an object at all, broken JSON, nesting no real body
 * has, or the route's fields (and a `__proto__`) holding values of the wrong kind.
 */
export function badBody(route: RouteDoc): fc.Arbitrary<string> {
  const schema = route.body;
  const fields = fieldsOf(schema);
  const refused = (value: unknown) => !schema || !schema.safeParse(value).success;
  const wrongFields = fc
    .record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
    .filter(refused)
    .map((value) => JSON.stringify(value));
  return fc.oneof(
    fc.constantFrom('{', '{"a":', 'nul', '"\u0000"', '[1,]', '{"a":1}}'),
    fc.oneof(fc.integer(), hostileString, fc.boolean(), fc.constant(null)).map((v) => JSON.stringify(v)),
    fc
      .array(hostileValue, { maxLength: 3 })
      .filter(refused)
      .map((v) => JSON.stringify(v)),
    fc
      .tuple(fc.integer({ min: 200, max: 5000 }), fc.constantFrom('array' as const, 'object' as const))
      .map(([d, k]) => nested(d, k)),
    wrongFields,
    wrongFields.map((json) => `{"__proto__":{"role":"super_admin","isAdmin":true},${json.slice(1)}`.replace(',}', '}')),
  );
}

/** A query string the route's query schema refuses (each value percent-encoded unless it is an escape already). */
export function badQuery(route: RouteDoc): fc.Arbitrary<string> | null {
  const schema = route.query;
  const fields = fieldsOf(schema);
  if (!schema || fields.length === 0) return null;
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  return fc
    .array(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...BAD_QUERY_VALUES)), { minLength: 1, maxLength: 3 })
    .filter((pairs) => {
      const parsed: Record<string, string | string[]> = {};
      for (const [key, value] of pairs) {
        const v = decode(value);
        const prior = parsed[key];
        parsed[key] = prior === undefined ? v : [prior, v].flat();
      }
      return !schema.safeParse(parsed).success;
    })
    .map((pairs) =>
      pairs
        .map(
          ([key, value]) =>
            `${key}=${value.startsWith('%') || value.includes('%00') ? value : encodeURIComponent(value)}`,
        )
        .join('&'),
    );
}
