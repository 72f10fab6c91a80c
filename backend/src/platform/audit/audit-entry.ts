/** Who acted and from where: the admin's login and the request's trusted client address. */
export interface AuditActor {
  admin: string;
  clientAddress: string;
}

/**
 * One row of the audit log. `action` is a code its module declares (`auditActions()`); `actor` is
 * the object `@Actor()` handed the action, so the interceptor can tell the action wrote its own row.
 */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  target: string;
  outcome: 'ok' | 'failed';
  detail?: string;
}

/** `media 3, 5, 8` — a list of ids as one readable, searchable target. */
export const idsTarget = (kind: string, ids: readonly number[]) => (ids.length ? `${kind} ${ids.join(', ')}` : kind);
