export interface User {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  /** Set by an operator: the user may still browse, but not upload, vote or report. */
  bannedAt: Date | null;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
