/**
 * The admin API's shapes under the portal's names. Every shape is generated from the backend's
 * OpenAPI document into packages/contract (`npm run api:spec`); nothing here restates a field.
 */
import type { components } from '@vibe/contract/client';

type Schemas = components['schemas'];

export type AdminMedia = Schemas['AdminMediaDto'];
export type AdminUser = Schemas['AdminUserDto'];
export type DailyStats = Schemas['DailyStatsDto'];

/** A job as GET /api/admin/jobs/{id} answers it; `R` is the result shape of its kind once completed. */
export type AdminJob<R = unknown> = Omit<Schemas['JobViewDto'], 'result'> & { result: R | null };
export type JobName = AdminJob['name'];
export type ImportResult = Schemas['ImportResultDto'];
export type RenditionsResult = Schemas['RenditionsResultDto'];
export type BackupFile = Schemas['BackupFileDto'];
/** What a completed backup-database job answers: the file written and the old ones removed past BACKUP_KEEP. */
export interface BackupResult {
  backup: BackupFile;
  removed: string[];
}
export type DuplicateResult = Schemas['DuplicateResultDto'];
export type DuplicateGroup = Schemas['DuplicateGroupDto'];

export type BucketFile = Schemas['BucketFileDto'];
export type BucketListing = Schemas['BucketListingDto'];

/** GET /api/admin/populate-votes: the run, what a new one would add, the fake users still there. */
export type Population = Schemas['PopulationOverviewDto'];
/** What the control calls answer: the run alone. */
export type PopulationStatus = Schemas['PopulationStatusDto'];
export type RemovalResult = Schemas['RemovalResultDto'];
export type PopulationAction = NonNullable<Schemas['PopulationActionDto']['action']>;

export type IdleRedirectConfig = Schemas['IdleRedirectConfigDto'];
export type BackButtonConfig = Schemas['BackButtonConfigDto'];
export type AdConfig = Schemas['AdConfigDto'];

/** The DB Admin page's checks, by the last segment of GET /api/db-test/{name}. */
interface DbTestAnswers {
  connection: Schemas['DbConnectionCheckDto'];
  schema: Schemas['DbSchemaCheckDto'];
  counts: Schemas['DbCountsCheckDto'];
  queries: Schemas['DbQueriesCheckDto'];
}
export type DbTestName = keyof DbTestAnswers;
/** Any check's answer: the page reads whichever fields its check has. */
export type DbTestAnswer = Pick<DbTestAnswers[DbTestName], 'success' | 'durationMs'> &
  Partial<DbTestAnswers['connection'] & DbTestAnswers['schema'] & DbTestAnswers['counts'] & DbTestAnswers['queries']>;

export type ModerationItem = Schemas['ModerationRowDto'];
export type ModerationStatus = ModerationItem['status'];
export type ReportReason = Schemas['ReportMediaDto']['reason'];

export type AuditEntry = Schemas['AuditRowDto'];

/** What starting a job gives the portal: the accepted job's id (202), or the running one's a 409 `job_running` names. */
export type JobStart = { jobId: Schemas['JobAcceptedDto']['id']; alreadyRunning: boolean };
