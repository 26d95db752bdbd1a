import sharp from 'sharp';
import { appUrl } from './browser.js';

type Credentials = { username: string; password: string };

/** The sample catalogue's workflows, by name. */
export type CatalogueIds = Record<
  'Text to Image' | 'Image to Image' | 'Upscale 4x' | 'Text to Video' | 'Flux Portrait' | 'SDXL Landscape',
  number
>;

async function token(user: Credentials): Promise<string> {
  const response = await fetch(appUrl('/api/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function catalogueIds(user: Credentials): Promise<CatalogueIds> {
  const response = await fetch(appUrl('/api/workflows'), { headers: { Authorization: `Bearer ${await token(user)}` } });
  const workflows = (await response.json()) as Array<{ id: number; name: string }>;
  const ids = Object.fromEntries(workflows.map((workflow) => [workflow.name, workflow.id]));
  for (const name of [
    'Text to Image',
    'Image to Image',
    'Upscale 4x',
    'Text to Video',
    'Flux Portrait',
    'SDXL Landscape',
  ]) {
    if (!ids[name]) throw new Error(`the sample catalogue has no workflow named ${name}`);
  }
  return ids as CatalogueIds;
}

const SAMPLE_ASSETS = [
  { name: 'Harbour', from: '#1e3a8a', to: '#38bdf8' },
  { name: 'Forest', from: '#14532d', to: '#a3e635' },
  { name: 'Dunes', from: '#9a3412', to: '#fde68a' },
];

/** Uploads a gradient image as an asset; the same colours again answer the asset already stored. */
export async function uploadAsset(
  user: Credentials,
  asset: { name: string; from: string; to: string },
): Promise<number> {
  const { name, from, to } = asset;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name.toLowerCase()}.png`);
  form.append('display_name', name);
  const response = await fetch(appUrl('/api/assets'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token(user)}` },
    body: form,
  });
  if (!response.ok) throw new Error(`uploading ${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

export async function deleteAsset(user: Credentials, id: number): Promise<void> {
  const response = await fetch(appUrl(`/api/assets/${id}`), {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${await token(user)}` },
  });
  if (!response.ok) throw new Error(`deleting asset ${id} answered ${response.status}: ${await response.text()}`);
}

/** A few source images for the asset picker (an upload of the same image again is a no-op). */
export async function uploadSampleAssets(user: Credentials): Promise<void> {
  for (const asset of SAMPLE_ASSETS) await uploadAsset(user, asset);
}
