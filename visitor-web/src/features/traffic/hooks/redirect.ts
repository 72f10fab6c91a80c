/** Redirect targets must be absolute http(s) URLs; anything else disables the redirect. */
export function usableUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Both redirects are off on any admin path. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/adm' || pathname.startsWith('/adm/');
}

export function navigateAway(url: string): void {
  window.location.assign(url);
}
