import { Module } from '@nestjs/common';

/** Admin: votes export as a streamed spreadsheet. */
@Module({})
export class VoteExportModule {}
