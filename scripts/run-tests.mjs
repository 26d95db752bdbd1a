#!/usr/bin/env node
// Runs vitest over every project and ends with a plain "N passed, N failed" line, exiting with
// vitest's own code, or 1 when any test was skipped or left todo.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsFile = path.resolve('test-results.json');
rmSync(resultsFile, { force: true });
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = 'tests: no results were written';
let skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  skipped = results.numPendingTests + results.numTodoTests;
  summary = `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
process.stdout.write(`\n${summary}\n`);
if (skipped > 0) {
  // a skipped or todo test is a promise not kept: the run fails until it is written or removed
  process.stdout.write('tests: skipped and todo tests are not allowed\n');
  process.exit(1);
}
process.exit(run.status ?? 1);
