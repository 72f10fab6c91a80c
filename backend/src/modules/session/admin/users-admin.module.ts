import { Module } from '@nestjs/common';

/** Admin: users list and reverse geocoding of their locations. */
@Module({})
export class UsersAdminModule {}
