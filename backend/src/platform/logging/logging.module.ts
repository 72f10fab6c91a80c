import { type DynamicModule, Global, Module } from '@nestjs/common';
import { BackgroundWork } from '../background-work.js';
import { PinoNestLogger } from './nest-logger.js';
import { OutageLog } from './outage-log.js';
import { createRootLogger, ROOT_LOGGER } from './root-logger.js';

/** The root pino logger, Nest's logger over it and the outage log, for the API and the worker. */
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
        { provide: OutageLog, useValue: new OutageLog(root) },
      ],
      exports: [ROOT_LOGGER, PinoNestLogger, OutageLog],
    };
  }

  constructor(outages: OutageLog, work: BackgroundWork) {
    // the probes tell when a dependency is back as long as requests are served
    work.register('outage probes', 'last', () => outages.stop());
  }
}
