/** FNV-1a over UTF-16 code units: a stable 32-bit hash with no dependency on Node's crypto. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A deterministic generator of numbers in [0, 1) (mulberry32). Not for anything secret: it only
 * has to give the same picture for the same seed and prompt on every machine and run.
 */
export function seededRandom(seed: number, prompt: string): () => number {
  let state = hashString(prompt, hashString(String(seed >>> 0)));
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
