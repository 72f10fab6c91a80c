import { TEXTS } from '../lib/texts';
import { isAbsoluteHttpUrl } from '../lib/url';

export const IDLE_MIN = 30;
export const IDLE_MAX = 3600;

export type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/**
 * Spec §5 for the idle redirect form: empty or non-numeric time becomes 30, below 30 is
 * 'Invalid Time', above 3600 is refused (the field's max); a non-empty URL must be absolute http(s).
 */
export function checkIdleForm(input: {
  idleRedirectTime: unknown;
  idleRedirectUrl: unknown;
}): Checked<{ idleRedirectTime: number; idleRedirectUrl: string }> {
  const raw = input.idleRedirectTime;
  const parsed = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() ? Number(raw) : NaN;
  const time = Number.isFinite(parsed) ? Math.round(parsed) : IDLE_MIN;
  if (time < IDLE_MIN) return { ok: false, field: 'idleRedirectTime', message: TEXTS.invalidTime };
  if (time > IDLE_MAX)
    return {
      ok: false,
      field: 'idleRedirectTime',
      message: `Invalid Time: Idle redirect time must be at most ${IDLE_MAX} seconds`,
    };
  const url = typeof input.idleRedirectUrl === 'string' ? input.idleRedirectUrl.trim() : '';
  if (url && !isAbsoluteHttpUrl(url)) return { ok: false, field: 'idleRedirectUrl', message: TEXTS.invalidUrl };
  return { ok: true, value: { idleRedirectTime: time, idleRedirectUrl: url } };
}

export function checkBackButtonForm(input: { backButtonUrl: unknown }): Checked<{ backButtonUrl: string }> {
  const url = typeof input.backButtonUrl === 'string' ? input.backButtonUrl.trim() : '';
  if (url && !isAbsoluteHttpUrl(url)) return { ok: false, field: 'backButtonUrl', message: TEXTS.invalidUrl };
  return { ok: true, value: { backButtonUrl: url } };
}

/** "5 min", "90 s", "1 h": the idle time as an operator reads it. */
export function describeSeconds(s: number): string {
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  if (s > 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}
