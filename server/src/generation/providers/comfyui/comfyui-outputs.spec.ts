import { describe, expect, it } from 'vitest';
import { contentTypeOf, outputItems } from './comfyui-outputs.js';
import { historyEntrySchema } from './comfyui-wire.js';

describe('outputItems', () => {
  it('collects every file of every output node: images, videos under images, VHS gifs; not texts or flags', () => {
    const entry = historyEntrySchema.parse({
      outputs: {
        '9': { images: [{ filename: 'a_00001_.png', subfolder: 'atelier/1', type: 'output' }] },
        '12': { images: [{ filename: 'v_00001_.webm', subfolder: '', type: 'output' }], animated: [true] },
        '20': {
          gifs: [{ filename: 'c_00001.mp4', subfolder: '', type: 'output', format: 'video/h264-mp4', frame_rate: 8 }],
        },
        '30': { text: ['a caption'] },
      },
    });
    expect(outputItems(entry).map((item) => item.filename)).toEqual(['a_00001_.png', 'v_00001_.webm', 'c_00001.mp4']);
  });

  it('leaves previews out when saved outputs exist, and keeps temp files when they are all there is', () => {
    const both = historyEntrySchema.parse({
      outputs: {
        '9': { images: [{ filename: 'a.png', subfolder: '', type: 'output' }] },
        '11': { images: [{ filename: 'ComfyUI_temp_00001_.png', subfolder: '', type: 'temp' }] },
      },
    });
    expect(outputItems(both).map((item) => item.type)).toEqual(['output']);
    const tempOnly = historyEntrySchema.parse({
      outputs: { '20': { gifs: [{ filename: 'c.mp4', subfolder: '', type: 'temp' }] } },
    });
    expect(outputItems(tempOnly)).toHaveLength(1);
  });

  it('keeps a temp video (VHS_VideoCombine with save_output=false) beside saved images', () => {
    const entry = historyEntrySchema.parse({
      outputs: {
        '9': { images: [{ filename: 'a.png', subfolder: '', type: 'output' }] },
        '11': { images: [{ filename: 'ComfyUI_temp_00001_.png', subfolder: '', type: 'temp' }] },
        '20': { gifs: [{ filename: 'clip_00001.mp4', subfolder: '', type: 'temp', format: 'video/h264-mp4' }] },
      },
    });
    expect(outputItems(entry).map((item) => item.filename)).toEqual(['a.png', 'clip_00001.mp4']);
  });

  it('finds nothing in an entry without files', () => {
    expect(outputItems(historyEntrySchema.parse({ outputs: {} }))).toEqual([]);
  });
});

describe('contentTypeOf', () => {
  it('takes the header unless it is missing or generic, then the extension', () => {
    expect(contentTypeOf('image/png; charset=binary', 'x.bin')).toBe('image/png');
    expect(contentTypeOf('application/octet-stream', 'clip.webm')).toBe('video/webm');
    expect(contentTypeOf(null, 'clip.MP4')).toBe('video/mp4');
    expect(contentTypeOf(null, 'data.xyz')).toBe('application/octet-stream');
  });
});
