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

/** `http://` or `https://`, then a host: the only shape accepted before the URL parser sees it. */
const ABSOLUTE_HTTP = /^https?:\/\/[^/?#]/i;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The URL a redirect is stored as (the parser's normalised form: lower-case scheme and host,
 * punycode, no default port, dot segments resolved), '' for "no redirect", or null when it is
 * not a plain absolute http(s) URL: the lenient forms browsers repair (`http:evil.com`,
 * backslashes, spaces, control characters) and any user-info (`https://example.com@evil.com`
 * goes to evil.com) are refused rather than stored as typed.
 */
export function normaliseRedirectUrl(raw: string): string | null {
  if (raw === '') return '';
  if (!ABSOLUTE_HTTP.test(raw) || UNSAFE.test(raw)) return null;
  const authority = raw.slice(raw.indexOf('//') + 2).split(/[/?#]/, 1)[0]!;
  if (authority.includes('@')) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return null;
  return u.href;
}

/** Only absolute http(s) URLs may be redirect targets; '' disables the redirect. */
export const isRedirectUrl = (url: string): boolean => normaliseRedirectUrl(url) !== null;

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
