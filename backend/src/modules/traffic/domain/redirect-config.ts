export interface IdleRedirectConfig {
  id: number;
  idleRedirectTime: number;
  idleRedirectUrl: string;
  isActive: boolean;
  createdAt: Date;
}

export interface BackButtonConfig {
  id: number;
  backButtonUrl: string;
  isActive: boolean;
  createdAt: Date;
}

/** What the visitor app reads (spec §3 "Public config"). */
export interface PublicRedirectConfig {
  enabled: boolean;
  idleRedirectTime: number;
  idleRedirectUrl: string;
  backButtonUrl: string;
}

export const IDLE_TIME_DEFAULT = 300;
export const IDLE_TIME_MIN = 30;
export const IDLE_TIME_MAX = 3600;

/** Only absolute http(s) URLs may be redirect targets; '' disables the redirect. */
export function isRedirectUrl(url: string): boolean {
  if (url === '') return true;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

export function publicConfig(idle: IdleRedirectConfig | null, back: BackButtonConfig | null): PublicRedirectConfig {
  const idleUrl = idle?.isActive ? idle.idleRedirectUrl : '';
  const backUrl = back?.isActive ? back.backButtonUrl : '';
  return {
    enabled: Boolean(idleUrl),
    idleRedirectTime: idle?.idleRedirectTime ?? IDLE_TIME_DEFAULT,
    idleRedirectUrl: idleUrl,
    backButtonUrl: backUrl,
  };
}
