import sharp from 'sharp';
import type { RenderSize } from './builtin-request.js';
import { seededRandom } from './seeded-random.js';

export interface ImageScene extends RenderSize {
  seed: number;
  prompt: string;
}

/** Below this the caption would be a smear of pixels, and skipping it keeps tiny renders cheap. */
const CAPTION_MIN_WIDTH = 128;
const CAPTION_MIN_HEIGHT = 64;
const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, sans-serif';
/** Hue offsets of the palette schemes a seed picks from: analogous, triadic, complementary, split. */
const SCHEMES: readonly (readonly number[])[] = [
  [0, 30, 60, -30],
  [0, 120, 240, 60],
  [0, 180, 20, 200],
  [0, 150, 210, 30],
];

/**
 * An SVG of a seed-derived palette: a gradient background, a scatter of translucent shapes and the
 * prompt as a small caption. Every number comes from the seeded generator, so the same seed, prompt
 * and size give the same document, and a different seed gives a visibly different one.
 */
export function renderImageSvg(scene: ImageScene): string {
  const { width: w, height: h } = scene;
  const random = seededRandom(scene.seed, scene.prompt);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const baseHue = random() * 360;
  const saturation = 45 + random() * 45;
  const palette = pick(SCHEMES).map((offset, i) => hslToHex(baseHue + offset, saturation, 35 + i * 12));

  const angle = random() * Math.PI * 2;
  const [x1, y1, x2, y2] = [
    0.5 - Math.cos(angle) / 2,
    0.5 - Math.sin(angle) / 2,
    0.5 + Math.cos(angle) / 2,
    0.5 + Math.sin(angle) / 2,
  ];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="bg" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">`,
    `<stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];

  const unit = Math.min(w, h);
  const shapes = 5 + Math.floor(random() * 8);
  for (let i = 0; i < shapes; i++) {
    const fill = pick(palette);
    const opacity = n(0.3 + random() * 0.5);
    const [cx, cy, size] = [random() * w, random() * h, unit * (0.08 + random() * 0.35)];
    const kind = Math.floor(random() * 3);
    if (kind === 0)
      parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size)}" fill="${fill}" fill-opacity="${opacity}"/>`);
    else if (kind === 1)
      parts.push(
        `<rect x="${n(cx - size)}" y="${n(cy - size / 2)}" width="${n(size * 2)}" height="${n(size)}" fill="${fill}" ` +
          `fill-opacity="${opacity}" transform="rotate(${n(random() * 180)} ${n(cx)} ${n(cy)})"/>`,
      );
    else
      parts.push(
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(size * 1.6)}" ry="${n(size * 0.5)}" fill="none" ` +
          `stroke="${fill}" stroke-opacity="${opacity}" stroke-width="${n(Math.max(1, unit / 40))}"/>`,
      );
  }

  if (scene.prompt.trim() && w >= CAPTION_MIN_WIDTH && h >= CAPTION_MIN_HEIGHT) parts.push(caption(scene.prompt, w, h));
  parts.push('</svg>');
  return parts.join('');
}

/** The scene as PNG bytes (opaque RGB: the background covers every pixel, so alpha would be dead weight). */
export function renderImagePng(scene: ImageScene): Promise<Buffer> {
  return sharp(Buffer.from(renderImageSvg(scene)))
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** One line of the prompt on a dark band at the bottom, cut with an ellipsis to fit the width. */
function caption(prompt: string, w: number, h: number): string {
  const fontSize = Math.max(10, Math.round(Math.min(w, h) / 28));
  const padding = Math.round(fontSize * 0.6);
  // DejaVu Sans averages about 0.6 em per character; a slight overflow is clipped by the canvas anyway
  const maxChars = Math.max(4, Math.floor((w - padding * 2) / (fontSize * 0.6)));
  const oneLine = prompt.replace(/\s+/g, ' ').trim();
  const text = oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine;
  const band = fontSize + padding * 2;
  return (
    `<rect y="${h - band}" width="${w}" height="${band}" fill="#000" fill-opacity="0.45"/>` +
    `<text x="${padding}" y="${h - padding - Math.round(fontSize * 0.2)}" font-family="${FONT_FAMILY}" ` +
    `font-size="${fontSize}" fill="#fff">${escapeXml(text)}</text>`
  );
}

/** Escapes markup and drops what XML 1.0 cannot hold at all (control characters, lone surrogates). */
function escapeXml(text: string): string {
  return Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The Char production of XML 1.0; a lone surrogate comes out of Array.from as its own code point and fails it. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function hslToHex(hueDegrees: number, saturation: number, lightness: number): string {
  const hue = ((hueDegrees % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (k: number): string => {
    const position = (k + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(position - 3, 9 - position, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Two decimals keep the document short; the values are deterministic either way. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}
