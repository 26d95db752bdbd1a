import path from 'node:path';
import type { ProducedFile } from '../generation-provider.js';
import type { ComfyUiClient } from './comfyui-client.js';
import { type HistoryEntry, type OutputItem, outputItemSchema } from './comfyui-wire.js';

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.glb': 'model/gltf-binary',
};

/**
 * Every file the run produced, from every output node and every list in it (`images`, `gifs`,
 * videos under `images`, `audio`, ...). When saved outputs exist, temp files (PreviewImage) are left
 * out: they are usually previews of the same images and would show up twice in the gallery.
 */
export function outputItems(entry: HistoryEntry): OutputItem[] {
  const all = new Map<string, OutputItem>();
  for (const ui of Object.values(entry.outputs)) {
    for (const list of Object.values(ui)) {
      if (!Array.isArray(list)) continue;
      for (const candidate of list) {
        const item = outputItemSchema.safeParse(candidate);
        if (item.success) all.set(`${item.data.type}/${item.data.subfolder}/${item.data.filename}`, item.data);
      }
    }
  }
  const items = [...all.values()];
  const saved = items.filter((item) => item.type === 'output');
  return saved.length ? saved : items;
}

export function contentTypeOf(header: string | null, fileName: string): string {
  const fromHeader = header?.split(';')[0]?.trim().toLowerCase();
  if (fromHeader && fromHeader !== 'application/octet-stream') return fromHeader;
  return TYPES_BY_EXTENSION[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

function localName(fileName: string, used: Set<string>): string {
  const base = path.posix.basename(fileName.replaceAll('\\', '/')).replace(/[^\w.\-() ]/g, '_') || 'output';
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${n}-${base}`;
  used.add(name);
  return name;
}

/** Downloads the items one by one into `workDir`. */
export async function downloadOutputs(
  client: ComfyUiClient,
  items: OutputItem[],
  workDir: string,
  signal: AbortSignal,
): Promise<ProducedFile[]> {
  const used = new Set<string>();
  const files: ProducedFile[] = [];
  for (const item of items) {
    const destination = path.join(workDir, localName(item.filename, used));
    const header = await client.download(item, destination, signal);
    files.push({ path: destination, contentType: contentTypeOf(header, item.filename) });
  }
  return files;
}
