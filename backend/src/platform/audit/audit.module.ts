import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller.js';
import { AuditInterceptor } from './audited.js';

/**
 * The HTTP side of the audit log: the @Audited() interceptor and the log's admin routes. The log
 * itself (`AuditLog`) is in CoreModule: deletes write their row in both processes.
 */
@Module({
  controllers: [AuditController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
})
export class AuditModule {}
