/** Where a session was started: the browser's user agent (summarised) and its network. */
export interface DeviceInfo {
  userAgent: string | null;
  network: string;
}

/** One signed-in browser of a user (a row of `sessions`); its credential is never kept, only a hash. */
export interface DeviceSession {
  id: number;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  /** "Firefox on Windows", summarised from the user agent when the session started; null when none was sent. */
  userAgent: string | null;
  network: string | null;
}

/** How often a session's last-seen time is written: the vote path reads the session, it should not write it each time. */
export const LAST_SEEN_EVERY_MS = 60_000;
