import { describe, expect, it } from 'vitest';
import { folderForKey, normalizeHotkeyInput, suggestHotkey } from './folder-hotkeys';

describe('Auto hotkey', () => {
  it('suggests the first free digit 1-9', () => {
    expect(suggestHotkey([])).toBe('1');
    expect(suggestHotkey(['1', '2', null, '4'])).toBe('3');
  });

  it('then the first free letter once 1-9 are taken', () => {
    const digits = '123456789'.split('');
    expect(suggestHotkey(digits)).toBe('a');
    expect(suggestHotkey([...digits, 'a', 'B'])).toBe('c');
  });

  it('has nothing left to suggest when every key is taken', () => {
    expect(suggestHotkey('123456789abcdefghijklmnopqrstuvwxyz'.split(''))).toBeNull();
  });
});

describe('hotkey keys', () => {
  it('keeps one character of what is typed, lower-cased', () => {
    expect(normalizeHotkeyInput('Q')).toBe('q');
    expect(normalizeHotkeyInput('1a')).toBe('a');
    expect(normalizeHotkeyInput(' ')).toBe('');
  });

  it('finds the folder of a key press, upper or lower case, and nothing for other keys', () => {
    const folders = [
      { id: 1, hotkey: '1' },
      { id: 2, hotkey: 'k' },
      { id: 3, hotkey: null },
    ];
    expect(folderForKey(folders, '1')?.id).toBe(1);
    expect(folderForKey(folders, 'K')?.id).toBe(2);
    expect(folderForKey(folders, '0')).toBeNull();
    expect(folderForKey(folders, 'Enter')).toBeNull();
  });
});
