/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// the API on this machine at PORT, the port `npm run dev` starts it on: with `PORT=3130 npm run dev`
// a fixed 3000 would send the client's calls to another instance, or to nothing
const API_TARGET = process.env.ATELIER_API_URL || `http://localhost:${process.env.PORT || 3000}`;

/** The client's build, its dev server (proxying the API and the socket) and its unit-test project. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // The shared contract is consumed from source so the client never waits on its build.
    alias: { '@atelier/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than screens: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            {
              name: 'ui',
              test: /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss)[\\/]/,
            },
            {
              // Only the admin's JSON editor uses it, loaded on demand.
              name: 'codemirror',
              test: /[\\/]node_modules[\\/](@codemirror|codemirror|@lezer|crelt|style-mod|w3c-keyname|@marijn)[\\/]/,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'client',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // whole pages mount here on two shared cores: vitest's 1 s default is too short
    expect: { poll: { timeout: 5000 } },
    // the longest case (a table sorted by each column, each way) takes 1.7 s on a quiet machine and
    // ran past vitest's 5 s under a load average of 9 (other tiers' servers and browsers beside it)
    testTimeout: 15_000,
  },
});
