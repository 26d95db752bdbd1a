import path from 'node:path';
import { configDefaults, defineProject } from 'vitest/config';
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
    // the chaos tier is a project of its own (vitest.chaos.config.ts)
    exclude: [...configDefaults.exclude, 'test/chaos/**'],
    environment: 'node',
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // worker processes and the API share two cores: vitest's 1 s default is too short
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
  },
});
