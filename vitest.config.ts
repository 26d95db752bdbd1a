import { defineConfig } from 'vitest/config';

/** `npm test` runs every tier: shared and client units, server integration, chaos drills, browser end-to-end. */
export default defineConfig({
  test: {
    projects: [
      'shared/vitest.config.ts',
      'server/vitest.config.ts',
      'server/vitest.chaos.config.ts',
      'client/vite.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
