import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe("the Dockerfile's runtime image", () => {
  it("holds the packages npm installs under a workspace's own node_modules", () => {
    // npm puts a workspace's dependency there when another package needs another version at the
    // root (the server's pinned file-type 21 beside @nestjs/common's 22): an image without that
    // folder runs the root's version, which no test ran
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const missing = ['server', 'shared']
      .filter((ws) => Object.entries(lock.packages).some(([p, v]) => p.startsWith(`${ws}/node_modules/`) && !v.dev))
      .filter((ws) => !dockerfile.includes(`COPY --from=build /app/${ws}/node_modules ${ws}/node_modules`));
    expect(missing).toEqual([]);
  });
});
