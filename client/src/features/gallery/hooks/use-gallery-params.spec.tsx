import { renderHook } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { folderTileQuery } from '../utils/gallery-query';
import { toGalleryQuery, useGalleryParams } from './use-gallery-params';
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

describe('dates far in the past', () => {
  it('keeps years 1-99 as written, not as 1900-1999', () => {
    const seen: Date[] = [];
    toGalleryQuery({ ...NO_GALLERY_FILTERS, dateFrom: '0002-11-20', dateTo: '0020-01-31' }, (instant) => {
      seen.push(instant);
      return 0;
    });
    expect(seen.map((d) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours()])).toEqual([
      [2, 11, 20, 0],
      [20, 2, 1, 0],
    ]);
  });

  it('sends whole minutes for a local mean time offset, which the server would refuse', () => {
    const kathmandu1890 = () => -341.26666666666665;
    expect(toGalleryQuery({ ...NO_GALLERY_FILTERS, dateFrom: '1890-01-01' }, kathmandu1890).tz).toBe(-341);
  });
});

describe('a gallery address typed or cut short', () => {
  const read = (search: string) => {
    const { result } = renderHook(() => useGalleryParams(), {
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={[`/gallery${search}`]}>
          <Routes>
            <Route path="/gallery" element={children} />
          </Routes>
        </MemoryRouter>
      ),
    });
    return result.current.filters;
  };

  it('drops a date that is no day, and cuts text to what the server takes, never through a character', () => {
    const filters = read(
      `?from=abc&to=2026-02-30&job=${'j'.repeat(300)}&workflow=${'w'.repeat(199)}😀&folder=${'f'.repeat(600)}`,
    );
    expect(filters).toMatchObject({ dateFrom: '', dateTo: '', jobName: 'j'.repeat(200), workflow: 'w'.repeat(199) });
    expect(filters.folder).toHaveLength(500);
    expect(read('?from=2028-02-29&to=2026-11-25')).toMatchObject({ dateFrom: '2028-02-29', dateTo: '2026-11-25' });
    // what Chromium's date field holds after the first digit of a typed year
    expect(read('?from=0002-11-20').dateFrom).toBe('0002-11-20');
  });
});
