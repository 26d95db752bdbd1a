import path from 'node:path';
import { defineProject } from 'vitest/config';
import { typescriptDecorators } from './test/support/typescript-decorators.plugin.js';

export default defineProject({
  plugins: [typescriptDecorators()],
  resolve: {
    alias: { '@atelier/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') },
  },
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
