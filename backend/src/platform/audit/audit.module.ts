import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller.js';
import { AuditLog } from './audit-log.js';
import { AuditInterceptor } from './audited.js';

/** The audit log of operator actions: the @Audited() interceptor, the log itself and its admin routes. */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditLog, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [AuditLog],
})
export class AuditModule {}
