import { Module } from '@nestjs/common';

/** Admin: bucket listing, deletion, duplicate scan, import of bucket objects as media. */
@Module({})
export class BucketModule {}
