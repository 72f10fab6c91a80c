/** Parses `Authorization: Basic base64(user:password)`; null when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { username: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `Authorization: Bearer <token>` (whatever follows, checked later); null for another scheme or none. */
export function parseBearer(header: string | undefined): string | null {
  const m = /^Bearer(?:\s+(.*))?$/i.exec(header ?? '');
  return m ? (m[1] ?? '').trim() : null;
}
