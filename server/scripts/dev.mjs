#!/usr/bin/env node
// `npm run dev`: recompiles the server on change and restarts it, and runs Vite for the client.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'package.json'));
// tsc and vite run as node processes of their own, not through npx or `npm run`: those wrappers and
// the shell npm starts pass no SIGTERM on, so stopping this script left the compiler watching and
// the Vite server holding :5173 (the next `npm run dev` then moved to :5174)
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const children = [];
const run = (cmd, args, opts = {}) => {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  children.push(child);
  return child;
};

const tsc = run(process.execPath, [
  bin('typescript', 'bin/tsc'),
  '-p',
  'server/tsconfig.build.json',
  '--watch',
  '--preserveWatchOutput',
]);
const launcher = path.join(root, 'server/dist/launcher.js');
const waitForBuild = setInterval(() => {
  if (!existsSync(launcher)) return;
  clearInterval(waitForBuild);
  run(process.execPath, ['--watch-path=server/dist', launcher]);
  run(process.execPath, [bin('vite', 'bin/vite.js')], { cwd: path.join(root, 'client') });
}, 500);

const stop = () => {
  clearInterval(waitForBuild);
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
tsc.on('exit', (code) => code && stop());
