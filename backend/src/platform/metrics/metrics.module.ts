import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics-endpoint.js';
import { Metrics, METRICS_PROCESS, type MetricsProcess } from './metrics.js';
import { MetricsTokenGate } from './metrics-token.js';

/**
 * Prometheus metrics of this process (`Metrics`), and the METRICS_PORT listener. The API also
 * serves them at /api/metrics behind METRICS_TOKEN (configure-app); both are off unless set.
 */
@Global()
@Module({})
export class MetricsModule {
  static register(process: MetricsProcess): DynamicModule {
    return {
      module: MetricsModule,
      providers: [{ provide: METRICS_PROCESS, useValue: process }, Metrics, MetricsServer, MetricsTokenGate],
      exports: [Metrics, MetricsTokenGate],
    };
  }
}
