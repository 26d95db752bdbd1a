import type { Logger } from 'pino';

/**
 * On SIGTERM or SIGINT: run the closers in order (drain HTTP, close DB and Redis), then exit.
 * A second signal, or the grace period running out, exits at once.
 */
export function onShutdown(logger: Logger, graceMs: number, close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
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
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
