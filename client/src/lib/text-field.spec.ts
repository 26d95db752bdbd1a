import { describe, expect, it } from 'vitest';
import { isTextField } from './text-field';

describe('isTextField', () => {
  it('is true where typing enters text: inputs, text areas, selects and editable content', () => {
    const editable = document.createElement('div');
    // jsdom does not compute isContentEditable from the attribute: set what a browser would report
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    for (const element of [
      document.createElement('input'),
      document.createElement('textarea'),
      document.createElement('select'),
      editable,
    ])
      expect(isTextField(element), element.tagName).toBe(true);
  });

  it('is false for buttons, plain elements, the document and no target at all', () => {
    for (const target of [document.createElement('button'), document.createElement('div'), document, null])
      expect(isTextField(target)).toBe(false);
  });
});
