import path from 'node:path';
import { defineProject } from 'vitest/config';
import { typescriptDecorators } from './test/support/typescript-decorators.plugin.js';

/**
 * The chaos tier: fault drills that start their own Redis and PostgreSQL and break them, so they
 * need no shared test servers. Slow by nature, hence their own generous time limits.
 */
export default defineProject({
  plugins: [typescriptDecorators()],
  resolve: {
    alias: { '@atelier/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') },
  },
  test: {
    name: 'chaos',
    root: import.meta.dirname,
    include: ['test/chaos/**/*.chaos.spec.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
