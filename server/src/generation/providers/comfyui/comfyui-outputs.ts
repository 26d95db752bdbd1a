import path from 'node:path';
import type { ProducedFile } from '../generation-provider.js';
import { withRetry, type RetryPolicy } from '../retry.js';
import type { ComfyUiClient } from './comfyui-client.js';
import { isPassingTrouble } from './comfyui-errors.js';
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

const VIDEO_EXTENSIONS = new Set(['.webm', '.mp4', '.mov', '.mkv', '.gif']);

/** A PreviewImage's picture: a temp still under `images`, usually a preview of an image also saved. */
function isPreview(listName: string, item: OutputItem): boolean {
  return (
    item.type === 'temp' && listName === 'images' && !VIDEO_EXTENSIONS.has(path.extname(item.filename).toLowerCase())
  );
}

/**
 * Every file the run produced, from every output node and every list in it (`images`, `gifs`,
 * videos under `images`, `audio`, ...). When saved outputs exist, previews are left out: they would
 * show the same images twice in the gallery. Other temp files stay: a VHS_VideoCombine with
 * save_output=false leaves its video only as a temp file under `gifs`.
 */
export function outputItems(entry: HistoryEntry): OutputItem[] {
  const all = new Map<string, { item: OutputItem; preview: boolean }>();
  for (const ui of Object.values(entry.outputs)) {
    for (const [listName, list] of Object.entries(ui)) {
      if (!Array.isArray(list)) continue;
      for (const candidate of list) {
        const parsed = outputItemSchema.safeParse(candidate);
        if (!parsed.success) continue;
        const item = parsed.data;
        all.set(`${item.type}/${item.subfolder}/${item.filename}`, { item, preview: isPreview(listName, item) });
      }
    }
  }
  const found = [...all.values()];
  const hasSaved = found.some(({ item }) => item.type === 'output');
  return found.filter(({ preview }) => !(hasSaved && preview)).map(({ item }) => item);
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

/** A cut or a 5xx while fetching a finished run's file is asked again here: the run itself is done. */
const DOWNLOAD_RETRY: RetryPolicy = { maxAttempts: 3, baseMs: 500, maxMs: 2000 };

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
    const header = await withRetry(() => client.download(item, destination, signal), {
      ...DOWNLOAD_RETRY,
      signal,
      classify: (error) => ({ retryable: isPassingTrouble(error) }),
    });
    files.push({ path: destination, contentType: contentTypeOf(header, item.filename) });
  }
  return files;
}
