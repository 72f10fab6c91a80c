/** Browser-side session record and the logged-out flag (spec §3, §4). */
export const SESSION_KEY = 'hmv.session';
export const LOGGED_OUT_KEY = 'hmv.loggedOut';

export interface StoredSession {
  sessionId: string;
  username: string;
  emailVerified: boolean;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 characters from [A-Za-z0-9], unbiased (rejection sampling over crypto random bytes). */
export function generateSessionId(length = 32): string {
  let out = '';
  const buf = new Uint8Array(64);
  while (out.length < length) {
    crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export function isValidSessionId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9]{32}$/.test(id);
}

export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (!isValidSessionId(parsed.sessionId)) return null;
    return {
      sessionId: parsed.sessionId,
      username: String(parsed.username ?? ''),
      emailVerified: Boolean(parsed.emailVerified),
    };
  } catch {
    return null;
  }
}

export function storeSession(s: StoredSession): void {
  localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({ sessionId: s.sessionId, username: s.username, emailVerified: s.emailVerified }),
  );
}

export function clearStoredSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

export function isLoggedOut(): boolean {
  try {
    return localStorage.getItem(LOGGED_OUT_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setLoggedOut(value: boolean): void {
  if (value) localStorage.setItem(LOGGED_OUT_KEY, 'true');
  else localStorage.removeItem(LOGGED_OUT_KEY);
}
