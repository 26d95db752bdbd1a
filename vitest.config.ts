import { defineConfig } from 'vitest/config';

/** `npm test` runs every tier: shared and client units, server integration, browser end-to-end. */
export default defineConfig({
  test: {
    projects: ['shared/vitest.config.ts', 'server/vitest.config.ts', 'client/vite.config.ts', 'e2e/vitest.config.ts'],
  },
});
