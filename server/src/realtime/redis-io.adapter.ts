import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

type AnyCommand = (...args: unknown[]) => unknown;

/**
 * The adapter fires (un)subscribe and publish commands without handling their promises; while
 * Redis is down, or once the connection closes, each would be an unhandled rejection. Mark them
 * handled (the connection's own error events are what we watch).
 */
function withHandledCommands(client: Redis): Redis {
  const commands = client as unknown as Record<string, AnyCommand>;
  for (const name of ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']) {
    const original = commands[name]!.bind(client);
    commands[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch(() => undefined);
      return result;
    };
  }
  return client;
}

/**
 * Socket.IO over the Redis adapter, so an event emitted by any API process (or published by a
 * worker's emitter) reaches browsers connected to every API process.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(
    app: INestApplicationContext,
    redisUrl: string,
    private readonly key: string,
    private readonly corsOrigins: string[] = [],
  ) {
    super(app);
    this.pub = withHandledCommands(new Redis(redisUrl, { connectionName: 'atelier-socket-pub' }));
    this.sub = withHandledCommands(this.pub.duplicate({ connectionName: 'atelier-socket-sub' }));
    for (const client of [this.pub, this.sub]) client.on('error', () => undefined);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const cors = this.corsOrigins.length ? { origin: this.corsOrigins } : undefined;
    const server = super.createIOServer(port, { ...options, cors } as ServerOptions) as Server;
    server.adapter(createAdapter(this.pub, this.sub, { key: this.key }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
