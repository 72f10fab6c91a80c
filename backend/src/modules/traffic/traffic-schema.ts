/** Spec §3 "Traffic migration result": rows seeded and indexes created by this run. */
export interface TrafficMigrationResult {
  idleConfigsCreated: number;
  backButtonCreated: number;
  indexesCreated: number;
}

/**
 * Port: re-runs the redirect tables' migration (idempotent DDL) and seeds a default inactive row
 * in each table that is empty. For deployments whose tables were dropped or never created.
 */
export abstract class TrafficSchema {
  abstract ensure(): Promise<TrafficMigrationResult>;
}
