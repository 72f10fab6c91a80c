/** PostgreSQL error helpers shared by the TypeORM adapters (pg and PGlite raise the same codes). */
const driverError = (err: unknown): { code?: string; constraint?: string; message?: string } =>
  ((err as { driverError?: unknown })?.driverError ?? err) as { code?: string; constraint?: string };

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = driverError(err);
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

export function isForeignKeyViolation(err: unknown): boolean {
  return driverError(err)?.code === '23503';
}

/** "deadlock detected": PostgreSQL rolled the victim's statement back whole. */
export function isDeadlock(err: unknown): boolean {
  return driverError(err)?.code === '40P01';
}
