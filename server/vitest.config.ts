import path from 'node:path';
import swc from 'unplugin-swc';
import { defineProject } from 'vitest/config';

export default defineProject({
  // esbuild drops decorator metadata, which Nest's dependency injection and TypeORM read.
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'es6' },
    }),
  ],
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
