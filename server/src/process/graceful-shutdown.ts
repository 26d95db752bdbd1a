import type { Logger } from 'pino';

/**
 * On SIGTERM or SIGINT: run the closers in order (drain HTTP, close DB and Redis), then exit.
 * The same signal again, or the grace period running out, exits at once. The other signal does not:
 * Ctrl-C under `npm start` reaches this process from the terminal (SIGINT) and from the launcher
 * (SIGTERM), one request to stop, and exiting on the second cut the drain and a running job short.
 */
export function onShutdown(logger: Logger, graceMs: number, close: () => Promise<void>): void {
  let closingOn: NodeJS.Signals | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (closingOn === signal) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    if (closingOn) return;
    closingOn = signal;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took longer than the grace period; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    close().then(
      () => {
        logger.info('shutdown complete');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
