import { Module } from '@nestjs/common';

/** Admin: vote population job (seeded users, votes and views). */
@Module({})
export class PopulationModule {}
