import type { Quotas, UploadQuota } from '../../config/env.js';
import { type Charge, DAY_MS, HOUR_MS } from '../../platform/budget/budget.js';

const MB = 1_000_000;

/**
 * What one upload of `bytes` spends: a file and its bytes from its visitor's and its network's
 * hourly and daily quotas (UPLOADS_PER_SESSION_PER_HOUR …, 0 = no limit).
 */
export function uploadCharges(quotas: Quotas, who: { userId: number; network: string }, bytes: number): Charge[] {
  const of = (scope: string, key: string, quota: UploadQuota): Charge[] => [
    {
      key: `uploads:${key}:h`,
      windowMs: HOUR_MS,
      limit: quota.perHour,
      amount: 1,
      message: `You have uploaded ${quota.perHour} files ${scope} in the last hour, the most allowed`,
    },
    {
      key: `uploads:${key}:d`,
      windowMs: DAY_MS,
      limit: quota.perDay,
      amount: 1,
      message: `You have uploaded ${quota.perDay} files ${scope} in the last day, the most allowed`,
    },
    {
      key: `upload-bytes:${key}:h`,
      windowMs: HOUR_MS,
      limit: quota.mbPerHour * MB,
      amount: bytes,
      message: `This upload would pass ${quota.mbPerHour} MB uploaded ${scope} in an hour, the most allowed`,
    },
    {
      key: `upload-bytes:${key}:d`,
      windowMs: DAY_MS,
      limit: quota.mbPerDay * MB,
      amount: bytes,
      message: `This upload would pass ${quota.mbPerDay} MB uploaded ${scope} in a day, the most allowed`,
    },
  ];
  return [
    ...of('from this account', `user:${who.userId}`, quotas.uploadsPerSession),
    ...of('from your network', `net:${who.network}`, quotas.uploadsPerAddress),
  ];
}
