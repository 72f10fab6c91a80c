import type { AdminJob, JobName } from '../../api/types';

/**
 * How each kind of job is named in the portal and which page shows it. A kind added in the backend
 * (its @OnJob name reaches JobName through the OpenAPI document) shows under its name until it gets
 * an entry here, so adding a job needs no portal change.
 */
export const JOB_META: Partial<Record<JobName, { label: string; page: string; pageLabel: string }>> = {
  'import-media': { label: 'Import Media from Bucket', page: '/dbtest', pageLabel: 'DB Admin' },
  'populate-votes': { label: 'Vote population', page: '/populate-votes', pageLabel: 'Populate Votes' },
  'remove-population': {
    label: 'Remove populated votes and users',
    page: '/populate-votes',
    pageLabel: 'Populate Votes',
  },
  'find-duplicates': { label: 'Duplicate detection', page: '/bucket', pageLabel: 'Bucket Manager' },
  'generate-renditions': { label: 'Generate missing renditions', page: '/dbtest', pageLabel: 'DB Admin' },
  'backup-database': { label: 'Database backup', page: '/dbtest', pageLabel: 'DB Admin' },
  // per-item work after each upload: the server never lists it, named for completeness
  'make-renditions': { label: 'Renditions of one item', page: '/media', pageLabel: 'Media' },
};

export const isTerminal = (job: Pick<AdminJob, 'state'> | null | undefined): boolean =>
  job?.state === 'completed' || job?.state === 'failed';

export const isRunning = (job: Pick<AdminJob, 'state'> | null | undefined): boolean =>
  job?.state === 'active' || job?.state === 'waiting';

export const STATE_LABEL: Record<AdminJob['state'], string> = {
  waiting: 'Queued',
  active: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** The counts a job reports beside its percent, as "Imported 12 · Skipped 3" (percent left out). */
export function progressCounts(job: AdminJob): string {
  return Object.entries(job.progress ?? {})
    .filter(([k, v]) => k !== 'percent' && typeof v === 'number')
    .map(([k, v]) => `${humanize(k)} ${v.toLocaleString('en')}`)
    .join(' · ');
}

const humanize = (key: string) => {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
