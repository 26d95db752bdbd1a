import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.js';
import { LOGGER, RUNTIME, type Runtime } from './runtime.js';

@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: APP_CONFIG, useValue: runtime.config },
        { provide: LOGGER, useValue: runtime.logger },
      ],
      exports: [RUNTIME, APP_CONFIG, LOGGER],
    };
  }
}
