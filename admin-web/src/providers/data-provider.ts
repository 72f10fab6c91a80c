import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type DeleteManyParams, type GetListParams, type Identifier } from 'react-admin';
import { auditServerFilter } from './audit-filter';
import { authFetch, httpClient } from './http';
import type {
  AdConfig,
  AdminJob,
  AdMigrationResult,
  BackButtonConfig,
  BanResult,
  BucketDeleteResult,
  BucketListing,
  DailyStats,
  DbTestAnswer,
  DbTestName,
  IdleRedirectConfig,
  JobStart,
  KeepResult,
  MediaDeleteResult,
  MediaTotals,
  ModerationDeleteResult,
  Population,
  PopulationAction,
  PopulationStatus,
  ResetResult,
  Stats,
  TrafficMigrationResult,
  UnbanResult,
  UserSequenceFixed,
  UserTotals,
  RenditionBacklog,
} from '../api/types';

const API = '/api/admin';

/** One check of GET /api/health (terminus's shape); `message` says what is wrong when not up. */
export interface HealthCheck {
  status: 'up' | 'down' | 'degraded';
  message?: string;
  [fact: string]: unknown;
}

/**
 * GET /api/health, the monitoring report (the admin's token, or METRICS_TOKEN): written here rather than generated,
 * as the checks' facts are terminus's free-form objects in the OpenAPI document.
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'error' | 'shutting_down';
  details?: Record<string, HealthCheck>;
  version?: { version: string; commit: string };
}

const get = async <T>(url: string): Promise<T> => (await httpClient(url)).json as T;
const post = async <T>(url: string, body?: unknown): Promise<T> =>
  (await httpClient(url, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) })).json as T;

/**
 * Starting a job answers 202 with the job, or 409 `job_running` with the running job's id: the
 * portal attaches to that job instead of failing.
 */
async function startJob(call: () => Promise<{ jobId?: string; id?: string }>): Promise<JobStart> {
  try {
    const job = await call();
    return { jobId: String(job.jobId ?? job.id), alreadyRunning: false };
  } catch (err) {
    const body = err instanceof HttpError ? (err.body as { jobId?: string } | undefined) : undefined;
    if (err instanceof HttpError && err.status === 409 && body?.jobId) {
      return { jobId: body.jobId, alreadyRunning: true };
    }
    throw err;
  }
}

const base = simpleRestProvider(API, httpClient);

/** ra-data-simple-rest for the lists, plus the portal's own calls (shapes: ../api/types, generated from docs/openapi.json). */
export const dataProvider = {
  ...base,

  /** The audit log's date filters are local days; the server wants instants (see audit-filter). */
  getList(resource: string, params: GetListParams) {
    if (resource !== 'audit') return base.getList(resource, params);
    return base.getList(resource, { ...params, filter: auditServerFilter(params.filter) });
  },

  /** One server call for a bulk delete (simple-rest would send one DELETE per id). */
  async deleteMany(resource: string, params: DeleteManyParams) {
    if (resource !== 'media') return base.deleteMany(resource, params);
    const answer = await post<MediaDeleteResult>(`${API}/media/delete`, {
      ids: params.ids,
    });
    return { data: answer.deleted };
  },

  getStats: () => get<Stats>(`${API}/stats`),
  /** The monitoring report (admin only): its body also when it answers 503 (a dependency is down). */
  getHealth: async (): Promise<HealthReport> => (await authFetch('/api/health')).json() as Promise<HealthReport>,
  getDailyStats: (days = 30) => get<DailyStats>(`${API}/stats/daily?days=${days}`),
  getMediaTotals: () => get<MediaTotals>(`${API}/media/totals`),
  getUserTotals: () => get<UserTotals>(`${API}/users/totals`),

  listJobs: (limit = 20) => get<AdminJob[]>(`${API}/jobs?limit=${limit}`),
  getJob: (id: string) => get<AdminJob>(`${API}/jobs/${encodeURIComponent(id)}`),
  startImport: () => startJob(() => post(`${API}/import-media`)),
  startDuplicateScan: () => startJob(() => get(`${API}/find-duplicates`)),
  getRenditionBacklog: () => get<RenditionBacklog>(`${API}/media/renditions`),
  startRenditions: (retryFailed = false) => startJob(() => post(`${API}/media/renditions`, { retryFailed })),

  getPopulation: () => get<Population>(`${API}/populate-votes`),
  controlPopulation: async (
    action: PopulationAction,
    confirmAgain = false,
  ): Promise<PopulationStatus & { alreadyRunning?: boolean }> => {
    try {
      return await post<PopulationStatus>(
        `${API}/populate-votes`,
        action === 'start' && confirmAgain ? { action, confirmAgain } : { action },
      );
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { jobId?: string } | undefined) : undefined;
      // a second start while one runs: show that run rather than an error
      if (action === 'start' && err instanceof HttpError && err.status === 409 && body?.jobId) {
        return { ...(await get<Population>(`${API}/populate-votes`)), alreadyRunning: true };
      }
      throw err;
    }
  },
  startPopulationRemoval: () => startJob(() => post(`${API}/populate-votes/remove`)),
  fixUserSequence: () => post<UserSequenceFixed>(`${API}/fix-user-sequence`),

  listBucketFiles: () => get<BucketListing>(`${API}/list-bucket-files`),
  deleteBucketFiles: (filenames: string[]) => post<BucketDeleteResult>(`${API}/delete-bucket-files`, { filenames }),

  getIdleConfig: () => get<IdleRedirectConfig>(`${API}/idle-redirect-config`),
  saveIdleConfig: (body: { idleRedirectTime: number; idleRedirectUrl: string }) =>
    post<IdleRedirectConfig>(`${API}/idle-redirect-config`, body),
  getIdleHistory: () => get<IdleRedirectConfig[]>(`${API}/idle-redirect-history`),
  getBackButtonConfig: () => get<BackButtonConfig>(`${API}/back-button-config`),
  saveBackButtonConfig: (body: { backButtonUrl: string }) => post<BackButtonConfig>(`${API}/back-button-config`, body),
  getBackButtonHistory: () => get<BackButtonConfig[]>(`${API}/back-button-history`),
  migrateTraffic: () => post<TrafficMigrationResult>(`${API}/traffic-handler-migration`),

  getAdConfig: (zone: string) => get<AdConfig>(`${API}/ad-config/${zone}`),
  saveAdConfig: (zone: string, body: { zoneName: string; adCode: string; isActive: boolean }) =>
    post<AdConfig>(`${API}/ad-config/${zone}`, body),
  migrateAds: () => post<AdMigrationResult>(`${API}/ad-migration`),

  // issue 12: moderation decisions and bans, each one server call for the whole selection
  keepReported: (ids: Identifier[]) => post<KeepResult>(`${API}/moderation/keep`, { ids }),
  deleteReported: (ids: Identifier[]) => post<ModerationDeleteResult>(`${API}/moderation/delete`, { ids }),
  banUsers: (ids: Identifier[], deleteMedia = false) => post<BanResult>(`${API}/users/ban`, { ids, deleteMedia }),
  unbanUsers: (ids: Identifier[]) => post<UnbanResult>(`${API}/users/unban`, { ids }),

  runDbTest: (name: DbTestName) => get<DbTestAnswer>(`/api/db-test/${name}`),
  resetDatabase: () => post<ResetResult>(`${API}/reset-database`, { confirm: 'RESET DATABASE' }),
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;
