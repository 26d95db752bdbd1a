import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from 'vite';

/** The Vite config as `npm run dev` loads it, with this environment. */
async function devProxy(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  vi.resetModules();
  const config = (await import('../vite.config')).default as UserConfig;
  const proxy = config.server?.proxy as Record<string, { target: string }>;
  return { api: proxy['/api']?.target, socket: proxy['/socket.io']?.target };
}

describe("the dev server's API target", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the API on PORT, the port npm run dev starts it on', async () => {
    const proxy = await devProxy({ PORT: '3130', ATELIER_API_URL: undefined });
    expect(proxy.api).toBe('http://localhost:3130');
    expect(proxy.socket).toBe('http://localhost:3130');
  });

  it('is 3000 with no PORT, and ATELIER_API_URL when set', async () => {
    expect((await devProxy({ PORT: undefined, ATELIER_API_URL: undefined })).api).toBe('http://localhost:3000');
    const proxy = await devProxy({ PORT: '3130', ATELIER_API_URL: 'http://api.internal:8080' });
    expect(proxy.api).toBe('http://api.internal:8080');
  });
});
