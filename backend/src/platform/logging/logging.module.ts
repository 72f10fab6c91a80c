import { type DynamicModule, Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PinoNestLogger } from './nest-logger.js';
import { OutageLog } from './outage-log.js';
import { createRootLogger, ROOT_LOGGER } from './root-logger.js';

/** The root pino logger, Nest's logger over it and the outage log, for the API and the worker. */
@Global()
@Module({})
export class LoggingModule implements OnApplicationShutdown {
  static register(level: string): DynamicModule {
    const root = createRootLogger(level);
    return {
      module: LoggingModule,
      providers: [
        { provide: ROOT_LOGGER, useValue: root },
        { provide: PinoNestLogger, useValue: new PinoNestLogger(root) },
        { provide: OutageLog, useValue: new OutageLog(root) },
      ],
      exports: [ROOT_LOGGER, PinoNestLogger, OutageLog],
    };
  }

  constructor(private readonly outages: OutageLog) {}

  onApplicationShutdown(): void {
    this.outages.stop();
  }
}
