#!/usr/bin/env node
// Runs the browser tier with README_SCREENSHOTS=1, so the captures the README shows are copied to
// docs/screenshots, then fails if any of them was not written by this very run (a renamed capture
// would otherwise leave an old picture in the README for ever).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('docs/screenshots');
mkdirSync(dir, { recursive: true });
const env = { ...process.env, README_SCREENSHOTS: '1' };
const tests = (...args) =>
  spawnSync('node', ['scripts/run-tests.mjs', '--project', 'e2e', ...args], { stdio: 'inherit', env }).status ?? 1;

const started = Date.now();
// the check of the pictures runs last, once this run's captures are in place
const status = tests('--exclude', '**/readme-screenshots.e2e.ts');
if (status !== 0) process.exit(status);
const stale = readdirSync(dir).filter((file) => statSync(path.join(dir, file)).mtimeMs < started);
if (stale.length > 0) {
  process.stdout.write(`screenshots: not taken by this run: ${stale.join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`screenshots: ${readdirSync(dir).length} pictures written to docs/screenshots\n`);
process.exit(tests('e2e/specs/readme-screenshots.e2e.ts'));
