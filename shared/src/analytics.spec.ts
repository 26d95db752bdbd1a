import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, isTimeZoneName } from './analytics.js';

/** Every spelling of a name by upper and lower case, in a fixed order. */
function caseSpellings(name: string, count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    let bit = 0;
    return [...name]
      .map((ch) => (/[a-z]/i.test(ch) && (n >> bit++) & 1 ? ch.toUpperCase() : ch.toLowerCase()))
      .join('');
  });
}

describe('isTimeZoneName', () => {
  it('knows IANA zones and refuses offsets, unknown names and anything shaped like a path trick', () => {
    for (const zone of ['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      expect(isTimeZoneName(zone), zone).toBe(true);
    }
    for (const name of ['Mars/Olympus', '+01:00', 'Europe/Berlin ', '../etc/passwd', 'Europe//Berlin', '']) {
      expect(isTimeZoneName(name), name).toBe(false);
    }
  });

  it('answers the same when asked again, for names it knows and names it refused', () => {
    for (let round = 0; round < 3; round++) {
      expect([isTimeZoneName('Asia/Tokyo'), isTimeZoneName('Asia/Tokio')]).toEqual([true, false]);
    }
  });

  it('keeps answering past the spellings it keeps (zones match in any case)', () => {
    const spellings = caseSpellings('Europe/Berlin', 2_100);
    expect(new Set(spellings).size).toBe(2_100);
    expect(spellings.filter((s) => !isTimeZoneName(s))).toEqual([]);
    expect(isTimeZoneName('EUROPE/BERLINN')).toBe(false);
  });
});

describe('analyticsQuerySchema', () => {
  it('takes a known zone and refuses an unknown one with the time zone message', () => {
    expect(analyticsQuerySchema.parse({ timezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
    const refused = analyticsQuerySchema.safeParse({ timezone: 'Mars/Olympus' });
    expect(refused.success ? null : refused.error.issues.map((i) => i.message)).toEqual(['Unknown time zone']);
  });
});
