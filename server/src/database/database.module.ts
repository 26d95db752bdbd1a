import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { dataSourceOptions } from './data-source.js';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [RUNTIME],
      useFactory: (runtime: Runtime) => ({
        ...dataSourceOptions(runtime.databaseUrl),
        retryAttempts: 10,
        retryDelay: 1000,
      }),
    }),
  ],
})
export class DatabaseModule {}
