#!/usr/bin/env node
// `npm run dev`: recompiles the server on change and restarts it, and runs Vite for the client.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const children = [];
const run = (cmd, args, opts = {}) => {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  children.push(child);
  return child;
};

const tsc = run('npx', ['tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
const launcher = path.join(root, 'server/dist/launcher.js');
const waitForBuild = setInterval(() => {
  if (!existsSync(launcher)) return;
  clearInterval(waitForBuild);
  run(process.execPath, ['--watch-path=server/dist', launcher]);
  run('npm', ['run', 'dev', '-w', 'client']);
}, 500);

const stop = () => {
  clearInterval(waitForBuild);
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
tsc.on('exit', (code) => code && stop());
