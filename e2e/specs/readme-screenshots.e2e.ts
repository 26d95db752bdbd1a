import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser.js';
import { README_SCREENSHOTS, README_SCREENSHOT_DIR } from '../support/readme-screenshots.js';

const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's IHDR chunk, which always comes first. */
function pngSize(file: string): { width: number; height: number } | null {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the README's screenshots", () => {
  const entries = Object.values(README_SCREENSHOTS);

  it.each(entries.map((entry) => [entry.file, entry] as const))(
    '%s is a desktop-size capture the README shows with its caption',
    (file, { caption }) => {
      const onDisk = path.join(README_SCREENSHOT_DIR, file);
      expect(existsSync(onDisk), `${file} is missing: run npm run screenshots`).toBe(true);
      const size = pngSize(onDisk);
      expect(size?.width).toBe(DESKTOP.width);
      expect(size!.height).toBeGreaterThanOrEqual(DESKTOP.height);
      expect(README).toContain(`![${caption}](docs/screenshots/${file})`);
    },
  );

  it('has no picture on disk or in the README that no capture makes', () => {
    const listed = new Set<string>(entries.map((entry) => entry.file));
    expect(readdirSync(README_SCREENSHOT_DIR).filter((file) => !listed.has(file))).toEqual([]);
    const referenced = [...README.matchAll(/\(docs\/screenshots\/([^)]+)\)/g)].map((match) => match[1]);
    expect(referenced.filter((file) => !listed.has(file!))).toEqual([]);
  });
});
