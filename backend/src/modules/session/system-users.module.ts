import { Module } from '@nestjs/common';
import { TypeormSystemUsers } from './infrastructure/typeorm-system-users.js';
import { SystemUsers } from './system-users.js';

/** The `SystemUsers` port alone, for the bucket import and the population (also in the worker, which has no HTTP). */
@Module({
  providers: [{ provide: SystemUsers, useClass: TypeormSystemUsers }],
  exports: [SystemUsers],
})
export class SystemUsersModule {}
