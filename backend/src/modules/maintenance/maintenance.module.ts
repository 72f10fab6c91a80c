import { Module } from '@nestjs/common';

/** Admin: database tests, statistics, reset and module migrations. */
@Module({})
export class MaintenanceModule {}
