import { describe, expect, it } from 'vitest';
import { validateFolderForm } from './folder-form';

const folders = [
  { id: 1, hotkey: '1' },
  { id: 2, hotkey: 'k' },
];
const form = (changes: object) => ({ name: 'Portraits', hotkey: '', color: '#3B82F6', ...changes });

describe('folder form rules', () => {
  it('trims the name, lower-cases the hotkey and keeps the colour', () => {
    expect(validateFolderForm(form({ name: '  Portraits ', hotkey: 'Q' }), folders, null).input).toEqual({
      name: 'Portraits',
      hotkey: 'q',
      color: '#3B82F6',
    });
  });

  it('needs a name of at most 50 characters', () => {
    expect(validateFolderForm(form({ name: '   ' }), folders, null).errors).toEqual({
      name: 'Folder name is required',
    });
    expect(validateFolderForm(form({ name: 'x'.repeat(50) }), folders, null).errors).toBeNull();
    expect(validateFolderForm(form({ name: 'x'.repeat(51) }), folders, null).errors).toEqual({
      name: 'Folder name must be at most 50 characters',
    });
  });

  it('counts characters as the server does: an emoji is one, however many code units it takes', () => {
    expect(validateFolderForm(form({ name: '🐱'.repeat(50) }), folders, null).input?.name).toBe('🐱'.repeat(50));
    expect(validateFolderForm(form({ name: '🐱'.repeat(51) }), folders, null).errors).toEqual({
      name: 'Folder name must be at most 50 characters',
    });
    // a flag, an emoji with a skin tone or a heart with its emoji form is one character to the reader too
    for (const emoji of ['\u{1f1eb}\u{1f1f7}', '\u{1f44d}\u{1f3fd}', '\u2764\ufe0f']) {
      expect(validateFolderForm(form({ name: emoji.repeat(50) }), folders, null).errors, emoji).toBeNull();
      expect(validateFolderForm(form({ name: emoji.repeat(51) }), folders, null).errors, emoji).toEqual({
        name: 'Folder name must be at most 50 characters',
      });
    }
    // and stores it as the server would: composed
    expect(validateFolderForm(form({ name: 'Cafe\u0301' }), folders, null).input?.name).toBe('Caf\u00e9');
  });

  it('takes no hotkey, or one digit 1-9 or letter a-z not used by another folder', () => {
    expect(validateFolderForm(form({ hotkey: '' }), folders, null).input?.hotkey).toBeNull();
    expect(validateFolderForm(form({ hotkey: '0' }), folders, null).errors?.hotkey).toBe(
      'Hotkey must be a single digit 1-9 or letter a-z',
    );
    expect(validateFolderForm(form({ hotkey: '#' }), folders, null).errors?.hotkey).toBeDefined();
    expect(validateFolderForm(form({ hotkey: 'K' }), folders, null).errors?.hotkey).toBe(
      'Hotkey K is already used by another folder',
    );
    // a folder keeps its own hotkey when edited
    expect(validateFolderForm(form({ hotkey: 'k' }), folders, 2).errors).toBeNull();
  });
});
