import { type DynamicModule, Global, Module } from '@nestjs/common';
import { PinoNestLogger } from './nest-logger.js';
import { createRootLogger, ROOT_LOGGER } from './root-logger.js';

/** The root pino logger and Nest's logger over it, for the API and the worker. */
@Global()
@Module({})
export class LoggingModule {
  static register(level: string): DynamicModule {
    const root = createRootLogger(level);
    return {
      module: LoggingModule,
      providers: [
        { provide: ROOT_LOGGER, useValue: root },
        { provide: PinoNestLogger, useValue: new PinoNestLogger(root) },
      ],
      exports: [ROOT_LOGGER, PinoNestLogger],
    };
  }
}
