import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { withHandledCommands } from './handled-redis-commands.js';

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
