import type { Provider } from '@nestjs/common';
import { AuditLog } from './audit-log.js';

/**
 * A module's audit action codes, declared with the audit log as the module starts (a provider in
 * the module's list): each module owns the codes of its actions, and the log's filter accepts
 * every declared one. The portal's labels for them are in admin-web/src/lib/trust-texts.ts.
 */
export const auditActions = (codes: readonly string[]): Provider => ({
  provide: Symbol(`audit actions: ${codes.join(', ')}`),
  useFactory: (log: AuditLog) => log.declare(codes),
  inject: [AuditLog],
});
