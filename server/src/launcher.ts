import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { prepareInfrastructure } from './infra/infrastructure.js';
import { runMigrations } from './database/data-source.js';
import { bootConfig } from './process/boot.js';

/**
 * `npm start`: the single-machine default. Starts the embedded PostgreSQL and a local Redis when
 * none is configured, then one API and one worker process pointed at them; stops all on a signal.
 */
async function main(): Promise<void> {
  const { config, logger } = bootConfig('atelier');
  const infra = await prepareInfrastructure(config, logger);
  await runMigrations(infra.databaseUrl);

  const env = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    JWT_SECRET: infra.jwtSecret,
  };
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const exits = [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, config.shutdownGraceMs + 2000))]);
    await infra.stop();
    process.exit(code);
  };

  for (const name of ['main', 'worker']) {
    const child = fork(path.join(import.meta.dirname, `${name}.js`), [], { env, stdio: 'inherit' });
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ process: name, code, signal }, 'a child process stopped unexpectedly; stopping Atelier');
      void stopAll(1);
    });
  }
  process.once('SIGTERM', () => void stopAll(0));
  process.once('SIGINT', () => void stopAll(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`Atelier failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
