import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/env.js';
import { Budget } from './budget.js';
import { DatabaseBudget } from './database-budget.js';
import { RedisBudget } from './redis-budget.js';

/** The quotas' counters: Redis when REDIS_URL is set (shared by every replica), the database otherwise. */
@Global()
@Module({})
export class BudgetModule implements OnApplicationShutdown {
  static register(config: AppConfig): DynamicModule {
    const redis = config.redisUrl ? RedisBudget.connect(config.redisUrl, `${config.jobsPrefix}:budget`) : null;
    return {
      module: BudgetModule,
      providers: [redis ? { provide: Budget, useValue: redis } : { provide: Budget, useClass: DatabaseBudget }],
      exports: [Budget],
    };
  }

  constructor(@Inject(Budget) private readonly budget: Budget) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.budget instanceof RedisBudget) await this.budget.close();
  }
}
