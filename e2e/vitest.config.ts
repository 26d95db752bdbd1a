import { defineProject } from 'vitest/config';

/** Browser specs: Debian's Chromium (playwright-core) against the built app run as in production. */
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a browser and two server processes share two cores: vitest's 1 s default is too short
    expect: { poll: { timeout: 10_000 } },
  },
});
