import { describe, expect, it } from 'vitest';
import { clampBatchSize, estimatedWaitMinutes, isCalendarDay, isVideoPath } from './constants.js';
import { submitJobSchema } from './job-requests.js';
import { folderInputSchema } from './folders.js';
import { humanizeOverrideKey, uiParameterNameFromKey } from './overrides.js';

describe('estimatedWaitMinutes', () => {
  it('divides seconds by 60 and rounds up', () => {
    expect([0, 1, 59, 60, 61, 3600].map(estimatedWaitMinutes)).toEqual([0, 1, 1, 1, 2, 60]);
  });
});

describe('isVideoPath', () => {
  it('recognises the video extensions of SPEC section 9, in any case, ignoring query strings', () => {
    for (const ext of ['mp4', 'webm', 'mov', 'avi', 'mkv', 'flv', 'wmv', 'm4v', 'MP4'])
      expect(isVideoPath(`a/b.${ext}`)).toBe(true);
    expect(isVideoPath('/api/media/1.webm?exp=1&sig=x')).toBe(true);
    for (const path of ['a.png', 'a.webp', 'mp4', '', null]) expect(isVideoPath(path)).toBe(false);
  });
});

describe('clampBatchSize', () => {
  it('clamps to 1..999999 and defaults to 1', () => {
    expect([0, -5, 1, 42, 999_999, 1_000_000, 2.7, Number.NaN].map(clampBatchSize)).toEqual([
      1, 1, 1, 42, 999_999, 999_999, 2, 1,
    ]);
  });
});

describe('folderInputSchema', () => {
  it('trims the name, lower-cases the hotkey and defaults the colour', () => {
    expect(folderInputSchema.parse({ name: '  Keepers ', hotkey: 'K' })).toEqual({
      name: 'Keepers',
      hotkey: 'k',
      color: '#3B82F6',
    });
    expect(folderInputSchema.parse({ name: 'x', hotkey: '', color: '#ef4444' })).toEqual({
      name: 'x',
      hotkey: null,
      color: '#ef4444',
    });
  });

  it('refuses a blank or long name, a bad hotkey and a bad colour', () => {
    const error = (input: unknown) => folderInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(error({ name: '   ' })).toBe('Folder name is required');
    expect(error({})).toBe('Folder name is required');
    expect(error({ name: 'x'.repeat(51) })).toMatch(/at most 50/);
    for (const hotkey of ['0', 'ab', '!', 'é']) expect(error({ name: 'x', hotkey })).toMatch(/Hotkey/);
    expect(error({ name: 'x', color: 'blue' })).toMatch(/hex/);
  });
});

describe('override keys', () => {
  it('derive the parameter name and a readable display name', () => {
    expect(uiParameterNameFromKey('override_cfg_scale')).toBe('cfg_scale');
    expect(uiParameterNameFromKey('seed')).toBe('seed');
    expect(humanizeOverrideKey('override_cfg_scale')).toBe('Cfg Scale');
  });
});

describe('isCalendarDay', () => {
  it('takes a YYYY-MM-DD only when that day is on the calendar', () => {
    expect(['2026-02-28', '2024-02-29', '0001-01-01', '9999-12-31'].map(isCalendarDay)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['2026-02-31', '2023-02-29', '2026-13-01', '2026-00-10', '2026-10-56', '0000-01-01', '2026-1-01', ''].map(
        isCalendarDay,
      ),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});

describe('batch_size in a job request', () => {
  it('is a whole number or its digits, never a boolean, a list or hex', () => {
    const batch = (value: unknown) => {
      const parsed = submitJobSchema.safeParse({ workflow_id: 1, batch_size: value });
      return parsed.success ? parsed.data.batch_size : parsed.error.issues[0]?.message;
    };
    expect([3, '3', undefined].map(batch)).toEqual([3, 3, 1]);
    for (const bad of [true, [2], '0x10', ' 2 ', '1e2', null])
      expect(batch(bad), JSON.stringify(bad)).toBe('Batch size must be between 1 and 999999');
  });
});
