import { Module } from '@nestjs/common';

/** Admin: media list and deletion. */
@Module({})
export class MediaAdminModule {}
