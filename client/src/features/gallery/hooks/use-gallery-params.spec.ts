import { describe, expect, it } from 'vitest';
import { folderTileQuery } from '../utils/gallery-query';
import { toGalleryQuery } from './use-gallery-params';
import { NO_GALLERY_FILTERS } from '../../../test/gallery-filters';

/** Berlin's offsets of 2026: UTC+2 from 29 March to 25 October, else UTC+1 (getTimezoneOffset: -120, -60). */
const berlin = (instant: Date) =>
  instant >= new Date(2026, 2, 29, 3) && instant < new Date(2026, 9, 25, 3) ? -120 : -60;

describe('the dates of a gallery view', () => {
  it('sends the end of a range across a clock change at its own offset', () => {
    const query = toGalleryQuery({ ...NO_GALLERY_FILTERS, dateFrom: '2026-03-01', dateTo: '2026-03-31' }, berlin);
    expect(query).toMatchObject({ dateFrom: '2026-03-01', dateTo: '2026-03-31', tz: -60, tz_to: -120 });
    expect(folderTileQuery(query)).toMatchObject({ tz: -60, tz_to: -120 });
  });

  it('sends one offset when the range has one', () => {
    const query = toGalleryQuery({ ...NO_GALLERY_FILTERS, dateFrom: '2026-04-01', dateTo: '2026-04-30' }, berlin);
    expect(query.tz).toBe(-120);
    expect(query).not.toHaveProperty('tz_to');
    const untilSummer = toGalleryQuery({ ...NO_GALLERY_FILTERS, dateTo: '2026-06-10' }, berlin);
    expect(untilSummer.tz).toBe(-120);
    expect(untilSummer).not.toHaveProperty('tz_to');
  });
});
