/** The operator actions the audit log names (string codes the portal filters on). */
export const AUDIT_ACTIONS = [
  'media.delete',
  'media.bulk_delete',
  'user.ban',
  'user.unban',
  'moderation.keep',
  'moderation.delete',
  'db.reset',
  'db.import',
  'media.renditions',
  'db.migrate',
  'db.fix_sequence',
  'population.start',
  'population.continue',
  'population.pause',
  'population.stop',
  'population.remove',
  'traffic.update',
  'ads.update',
  'bucket.delete',
  'admin.login',
  'admin.logout',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted and from where: the admin's login and the request's trusted client address. */
export interface AuditActor {
  admin: string;
  clientAddress: string;
}

export interface AuditEntry extends AuditActor {
  action: AuditAction;
  target: string;
  outcome: 'ok' | 'failed';
  detail?: string;
}

const MAX_TARGET = 2000;
const MAX_DETAIL = 2000;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** `media 3, 5, 8` — a list of ids as one readable, searchable target. */
export const idsTarget = (kind: string, ids: readonly number[]) => (ids.length ? `${kind} ${ids.join(', ')}` : kind);

/**
 * The INSERT of one audit row with its parameters numbered from `first`, so a caller can run it as
 * its own statement, inside its transaction, or as a CTE of the very statement that does the work.
 */
export function auditInsert(e: AuditEntry, first = 1): { sql: string; params: unknown[] } {
  const p = (i: number) => `$${first + i}`;
  return {
    sql: `INSERT INTO audit_log (admin, action, target, outcome, detail, client_address)
          VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})`,
    params: [
      clip(e.admin, 100),
      e.action,
      clip(e.target, MAX_TARGET),
      e.outcome,
      e.detail === undefined ? null : clip(e.detail, MAX_DETAIL),
      clip(e.clientAddress, 64),
    ],
  };
}

/**
 * The same INSERT with target and detail given as SQL expressions: for a statement whose audit row
 * names what the statement itself found (the ids a DELETE removed), written by that very statement.
 */
export function auditInsertSelect(
  e: Omit<AuditEntry, 'target' | 'detail'>,
  first: number,
  targetSql: string,
  detailSql: string,
): { sql: string; params: unknown[] } {
  const p = (i: number) => `$${first + i}`;
  return {
    sql: `INSERT INTO audit_log (admin, action, target, outcome, detail, client_address)
          SELECT ${p(0)}, ${p(1)}, ${targetSql}, ${p(2)}, ${detailSql}, ${p(3)}`,
    params: [clip(e.admin, 100), e.action, e.outcome, clip(e.clientAddress, 64)],
  };
}
