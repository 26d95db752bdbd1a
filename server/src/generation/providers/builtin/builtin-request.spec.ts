import { describe, expect, it } from 'vitest';
import { readImageSize, readPrompt, readVideoSize } from './builtin-request.js';

describe('reading the prompt', () => {
  it('takes `prompt`, else `override_prompt`, else the first string value', () => {
    expect(readPrompt({ steps: 20, prompt: 'a fox', override_prompt: 'a cat' })).toBe('a fox');
    expect(readPrompt({ override_seed: 3, override_prompt: 'a cat' })).toBe('a cat');
    expect(readPrompt({ steps: 20, text: 'a heron', other: 'x' })).toBe('a heron');
    expect(readPrompt({ steps: 20 })).toBe('');
  });
});

describe('reading the size', () => {
  it('reads width/height or the override keys, numbers or numeric strings, default 512', () => {
    expect(readImageSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    expect(readImageSize({ override_width: '640', override_height: 480 })).toEqual({ width: 640, height: 480 });
    expect(readImageSize({})).toEqual({ width: 512, height: 512 });
    expect(readImageSize({ width: 'wide', height: null })).toEqual({ width: 512, height: 512 });
    expect(readImageSize({ width: 99.6, height: 100.2 })).toEqual({ width: 100, height: 100 });
  });

  it('clamps images to 16..2048', () => {
    expect(readImageSize({ width: 1, height: 99999 })).toEqual({ width: 16, height: 2048 });
    expect(readImageSize({ width: -5, height: 0 })).toEqual({ width: 16, height: 16 });
  });

  it('scales videos down to at most 640 on either side, aspect kept, even sides', () => {
    expect(readVideoSize({})).toEqual({ width: 512, height: 512 });
    expect(readVideoSize({ width: 1920, height: 1080 })).toEqual({ width: 640, height: 360 });
    expect(readVideoSize({ override_width: 1000, override_height: 2000 })).toEqual({ width: 320, height: 640 });
    expect(readVideoSize({ width: 33, height: 17 })).toEqual({ width: 34, height: 18 });
    expect(readVideoSize({ width: 2048, height: 16 })).toEqual({ width: 640, height: 16 });
  });
});
