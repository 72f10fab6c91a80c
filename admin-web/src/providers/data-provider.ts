import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type DeleteManyParams, type GetListParams, type Identifier } from 'react-admin';
import { auditServerFilter } from './audit-filter';
import { api, authFetch, httpClient } from './http';
import type { AdminJob, DbTestAnswer, DbTestName, JobStart, PopulationAction, PopulationStatus } from '../api/types';

const API = '/api/admin';

/** One check of GET /api/health (terminus's shape); `message` says what is wrong when not up. */
export interface HealthCheck {
  status: 'up' | 'down' | 'degraded';
  message?: string;
  [fact: string]: unknown;
}

/**
 * GET /api/health, the monitoring report (the admin token or METRICS_TOKEN): written here rather than generated,
 * as the checks' facts are terminus's free-form objects in the OpenAPI document.
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'error' | 'shutting_down';
  details?: Record<string, HealthCheck>;
  version?: { version: string; commit: string };
}

/**
 * Starting a job answers 202 with the job, or 409 `job_running` with the running job's id: the
 * portal attaches to that job instead of failing.
 */
async function startJob(call: () => Promise<{ id: string }>): Promise<JobStart> {
  try {
    const job = await call();
    return { jobId: job.id, alreadyRunning: false };
  } catch (err) {
    const body = err instanceof HttpError ? (err.body as { jobId?: string } | undefined) : undefined;
    if (err instanceof HttpError && err.status === 409 && body?.jobId) {
      return { jobId: body.jobId, alreadyRunning: true };
    }
    throw err;
  }
}

const base = simpleRestProvider(API, httpClient);

/**
 * simple-rest's getList, plus `meta.totalEstimated` when the API says its total is an estimate
 * (X-Total-Estimated: a filter matching more than 10,000 rows): the pagination then says "about".
 */
async function getListNotingEstimate(resource: string, params: GetListParams) {
  let estimated = false;
  const noting: typeof httpClient = async (url, options) => {
    const answer = await httpClient(url, options);
    estimated = answer.headers.get('x-total-estimated') === 'true';
    return answer;
  };
  const page = await simpleRestProvider(API, noting).getList(resource, params);
  return estimated ? { ...page, meta: { ...page.meta, totalEstimated: true } } : page;
}

/** ra-data-simple-rest for the lists, plus the portal's own calls (shapes: ../api/types, generated from docs/openapi.json). */
export const dataProvider = {
  ...base,

  /** The audit log's date filters are local days; the server wants instants (see audit-filter). */
  getList(resource: string, params: GetListParams) {
    if (resource !== 'audit') return getListNotingEstimate(resource, params);
    return getListNotingEstimate(resource, { ...params, filter: auditServerFilter(params.filter) });
  },

  /** One server call for a bulk delete (simple-rest would send one DELETE per id). */
  async deleteMany(resource: string, params: DeleteManyParams) {
    if (resource !== 'media') return base.deleteMany(resource, params);
    const answer = await api.post('/api/admin/media/delete', { body: { ids: params.ids.map(Number) } });
    return { data: answer.deleted };
  },

  getStats: () => api.get('/api/admin/stats'),
  /** The monitoring report (admin only): its body also when it answers 503 (a dependency is down). */
  getHealth: async (): Promise<HealthReport> => (await authFetch('/api/health')).json() as Promise<HealthReport>,
  getDailyStats: (days = 30) => api.get('/api/admin/stats/daily', { query: { days } }),
  getMediaTotals: () => api.get('/api/admin/media/totals'),
  getUserTotals: () => api.get('/api/admin/users/totals'),

  listJobs: async (limit = 20) => (await api.get('/api/admin/jobs', { query: { limit } })) as AdminJob[],
  getJob: async (id: string) => (await api.get('/api/admin/jobs/{id}', { path: { id } })) as AdminJob,
  startImport: () => startJob(() => api.post('/api/admin/import-media')),
  startDuplicateScan: () => startJob(() => api.get('/api/admin/find-duplicates')),
  getRenditionBacklog: () => api.get('/api/admin/media/renditions'),
  startRenditions: (retryFailed = false) =>
    startJob(() => api.post('/api/admin/media/renditions', { body: { retryFailed } })),

  listBackups: () => api.get('/api/admin/backups'),
  startBackup: () => startJob(() => api.post('/api/admin/backups')),

  getPopulation: () => api.get('/api/admin/populate-votes'),
  controlPopulation: async (
    action: PopulationAction,
    confirmAgain = false,
  ): Promise<PopulationStatus & { alreadyRunning?: boolean }> => {
    try {
      return await api.post('/api/admin/populate-votes', {
        body: action === 'start' && confirmAgain ? { action, confirmAgain } : { action },
      });
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { jobId?: string } | undefined) : undefined;
      // a second start while one runs: show that run rather than an error
      if (action === 'start' && err instanceof HttpError && err.status === 409 && body?.jobId) {
        return { ...(await api.get('/api/admin/populate-votes')), alreadyRunning: true };
      }
      throw err;
    }
  },
  startPopulationRemoval: () => startJob(() => api.post('/api/admin/populate-votes/remove')),
  fixUserSequence: () => api.post('/api/admin/fix-user-sequence'),

  listBucketFiles: () => api.get('/api/admin/list-bucket-files'),
  deleteBucketFiles: (filenames: string[]) => api.post('/api/admin/delete-bucket-files', { body: { filenames } }),

  getIdleConfig: () => api.get('/api/admin/idle-redirect-config'),
  saveIdleConfig: (body: { idleRedirectTime: number; idleRedirectUrl: string }) =>
    api.post('/api/admin/idle-redirect-config', { body }),
  getIdleHistory: () => api.get('/api/admin/idle-redirect-history'),
  getBackButtonConfig: () => api.get('/api/admin/back-button-config'),
  saveBackButtonConfig: (body: { backButtonUrl: string }) => api.post('/api/admin/back-button-config', { body }),
  getBackButtonHistory: () => api.get('/api/admin/back-button-history'),
  migrateTraffic: () => api.post('/api/admin/traffic-handler-migration'),

  getAdConfig: (zone: string) => api.get('/api/admin/ad-config/{zoneId}', { path: { zoneId: zone } }),
  saveAdConfig: (zone: string, body: { zoneName: string; adCode: string; isActive: boolean }) =>
    api.post('/api/admin/ad-config/{zoneId}', { path: { zoneId: zone }, body }),
  migrateAds: () => api.post('/api/admin/ad-migration'),

  // issue 12: moderation decisions and bans, each one server call for the whole selection
  keepReported: (ids: Identifier[]) => api.post('/api/admin/moderation/keep', { body: { ids: ids.map(Number) } }),
  deleteReported: (ids: Identifier[]) => api.post('/api/admin/moderation/delete', { body: { ids: ids.map(Number) } }),
  banUsers: (ids: Identifier[], deleteMedia = false) =>
    api.post('/api/admin/users/ban', { body: { ids: ids.map(Number), deleteMedia } }),
  unbanUsers: (ids: Identifier[]) => api.post('/api/admin/users/unban', { body: { ids: ids.map(Number) } }),
  signOutUser: (id: Identifier) => api.post('/api/admin/users/{id}/sign-out', { path: { id: Number(id) } }),

  runDbTest: (name: DbTestName): Promise<DbTestAnswer> => api.get(`/api/db-test/${name}`),
  resetDatabase: () => api.post('/api/admin/reset-database', { body: { confirm: 'RESET DATABASE' } }),
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;
