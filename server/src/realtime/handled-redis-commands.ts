import type { Redis } from 'ioredis';

type AnyCommand = (...args: unknown[]) => unknown;

/**
 * Socket.IO's Redis adapter and emitter fire (un)subscribe and publish commands without handling
 * their promises; while Redis is down, or once the connection closes, each would be an unhandled
 * rejection, which ends the process. Mark them handled (the connection's own error events are
 * what we watch); an event that cannot be published is lost, and clients catch up by polling.
 */
export function withHandledCommands(
  client: Redis,
  names: readonly string[] = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'],
): Redis {
  const commands = client as unknown as Record<string, AnyCommand>;
  for (const name of names) {
    const original = commands[name]!.bind(client);
    commands[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch(() => undefined);
      return result;
    };
  }
  return client;
}
