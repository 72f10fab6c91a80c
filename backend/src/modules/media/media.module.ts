import { Module } from '@nestjs/common';

/** Uploads, the random pick, views, deletion and file serving (visitor side). */
@Module({})
export class MediaModule {}
