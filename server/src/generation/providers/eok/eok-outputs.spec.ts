import { describe, expect, it } from 'vitest';
import { keyHint, resolveApiKey } from './eok-api-key.js';
import {
  normaliseContentType,
  outputContentType,
  outputFileName,
  resolveOutputUrl,
  sameOrigin,
} from './eok-outputs.js';

const BASE = 'https://eok.example/api/';

describe('output helpers', () => {
  it('resolves relative output URLs against the server and refuses other schemes', () => {
    expect(resolveOutputUrl('out/1.png', BASE)?.href).toBe('https://eok.example/api/out/1.png');
    expect(resolveOutputUrl('https://bucket.example/x.png?sig=1', BASE)?.host).toBe('bucket.example');
    expect(resolveOutputUrl('file:///etc/passwd', BASE)).toBeUndefined();
  });

  it('sends the key only to the server its own origin', () => {
    expect(sameOrigin(new URL('https://eok.example/outputs/1.png'), BASE)).toBe(true);
    expect(sameOrigin(new URL('https://bucket.example/1.png'), BASE)).toBe(false);
  });

  it('takes the declared type, then the header, then the URL extension', () => {
    const url = new URL('https://bucket.example/a/b.webm?sig=1');
    expect(outputContentType('video/mp4', 'image/png', url)).toBe('video/mp4');
    expect(outputContentType(null, 'image/png; charset=binary', url)).toBe('image/png');
    expect(outputContentType(undefined, 'application/octet-stream', url)).toBe('video/webm');
    expect(outputContentType(undefined, null, new URL('https://b.example/blob'))).toBe('application/octet-stream');
    expect(normaliseContentType(' Image/PNG ')).toBe('image/png');
  });

  it('names files itself, whatever the URL path holds', () => {
    expect(outputFileName(0, 'image/jpeg', new URL('https://b.example/../../x.png'))).toBe('output-0.jpg');
    expect(outputFileName(2, 'application/octet-stream', new URL('https://b.example/clip.mkv'))).toBe('output-2.mkv');
    expect(outputFileName(1, 'application/octet-stream', new URL('https://b.example/blob'))).toBe('output-1.bin');
  });
});

describe('API key helpers', () => {
  it("prefers the user's key and treats a blank one as unset", () => {
    expect(resolveApiKey('user-key', 'system-key')).toBe('user-key');
    expect(resolveApiKey(null, 'system-key')).toBe('system-key');
    expect(resolveApiKey('  ', 'system-key')).toBe('system-key');
    expect(resolveApiKey(null, undefined)).toBeUndefined();
  });

  it('shows at most 12 characters, and never more than a third of a short key', () => {
    expect(keyHint('sk-live-0123456789abcdefghijklmnopqrstu')).toBe('sk-live-0123…');
    expect(keyHint('short-key')).toBe('sho…');
  });
});
