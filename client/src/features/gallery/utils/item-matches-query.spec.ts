import type { GalleryItem } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { itemMatchesQuery } from './item-matches-query';

const item = (changes: Partial<GalleryItem> = {}): GalleryItem => ({
  id: 1,
  job_id: 5,
  job_name: 'Harbour lights',
  workflow_name: 'Text to Image',
  file_path: '/api/media/1.png',
  thumbnail_path: null,
  folder_path: null,
  seed_used: 1,
  user_tags: ['night'],
  status: 'active',
  created_at: new Date(2026, 2, 10, 12).toISOString(),
  ...changes,
});

describe('whether a new or changed item belongs in a view', () => {
  it('follows status, folder (ungrouped is empty) and job', () => {
    expect(itemMatchesQuery(item(), { status: 'active', folder: '', tz: 0 })).toBe(true);
    expect(itemMatchesQuery(item({ status: 'archived' }), { status: 'active', tz: 0 })).toBe(false);
    expect(itemMatchesQuery(item({ folder_path: 'Best' }), { status: 'active', folder: '', tz: 0 })).toBe(false);
    expect(itemMatchesQuery(item({ folder_path: 'Best' }), { status: 'active', folder: 'best', tz: 0 })).toBe(true);
    expect(itemMatchesQuery(item(), { status: 'active', job_id: 6, tz: 0 })).toBe(false);
  });

  it('searches job, workflow and tags, and keeps to the days chosen', () => {
    expect(itemMatchesQuery(item(), { status: 'active', search: 'NIGHT', tz: 0 })).toBe(true);
    expect(itemMatchesQuery(item(), { status: 'active', search: 'dunes', tz: 0 })).toBe(false);
    // a live item the server would not list must not show in the search's results until a reload
    expect(itemMatchesQuery(item(), { status: 'active', search: 'lights Text', tz: 0 })).toBe(false);
    expect(itemMatchesQuery(item({ user_tags: ['a', 'b'] }), { status: 'active', search: 'a b', tz: 0 })).toBe(false);
    expect(itemMatchesQuery(item(), { status: 'active', search: 'to im', tz: 0 })).toBe(true);
    expect(itemMatchesQuery(item(), { status: 'active', dateFrom: '2026-03-10', dateTo: '2026-03-10', tz: 0 })).toBe(
      true,
    );
    expect(itemMatchesQuery(item(), { status: 'active', dateFrom: '2026-03-11', tz: 0 })).toBe(false);
    expect(itemMatchesQuery(item(), { status: 'active', dateTo: '2026-03-09', tz: 0 })).toBe(false);
  });
});
