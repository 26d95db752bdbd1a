#!/usr/bin/env node
// Runs vitest over every project and ends with a plain "N passed, N failed" line, exiting with
// vitest's own code.
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
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  summary = `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
process.stdout.write(`\n${summary}\n`);
process.exit(run.status ?? 1);
