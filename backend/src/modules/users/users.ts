import type { Transaction } from '../../platform/database/sql.js';
import type { DeviceInfo, DeviceSession } from './domain/device.js';
import type { User } from './domain/user.js';

/** A session id's user and the session (device) it names. */
export interface SignedIn {
  user: User;
  session: DeviceSession;
}

/** Port over the users table and its sessions (one per signed-in browser). */
export abstract class Users {
  abstract findById(id: number): Promise<User | null>;
  /** The user a session id (the cookie's value) signs in, found by the id's hash. */
  abstract findBySessionId(sessionId: string): Promise<User | null>;
  abstract findSession(sessionId: string): Promise<SignedIn | null>;
  abstract findByVerifiedEmail(email: string): Promise<User | null>;
  /** Case-insensitive; `exceptUserId` lets a user keep their own name. */
  abstract isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean>;
  /** A guest and its first session, together. Null when the sessionId or the username was taken meanwhile. */
  abstract create(data: {
    sessionId: string;
    username: string;
    latitude?: number;
    longitude?: number;
    device: DeviceInfo;
  }): Promise<User | null>;
  abstract updateLocation(id: number, latitude: number, longitude: number): Promise<User>;
  /** Throws DomainError conflict when the username is taken. */
  abstract updateProfile(id: number, changes: { username?: string; email?: string | null }): Promise<User>;

  /** Notes that the session was used now; the caller keeps to LAST_SEEN_EVERY_MS. */
  abstract touchSession(id: number): Promise<void>;
  /** The user's signed-in devices, most recently seen first. */
  abstract listSessions(userId: number): Promise<DeviceSession[]>;
  /** Ends the session a session id names (logout); false when there was none. */
  abstract endSession(sessionId: string): Promise<boolean>;
  /** Ends one of the user's sessions by its row id; false when the user has no such session. */
  abstract endSessionById(userId: number, id: number): Promise<boolean>;
  /** Ends every session of the user but `keepId` (null: all); answers how many ended. */
  abstract endSessions(userId: number, keepId: number | null): Promise<number>;

  /**
   * The first step of deleting an account, in one transaction: marks the user as being deleted,
   * frees the e-mail and ends every session, so the account opens nothing from here on.
   * `deleting`: marked before (the job goes on with it); `system`: the import's owner or a seeded
   * voter, never deleted this way; `missing`: no such user.
   */
  abstract markDeleting(id: number): Promise<'marked' | 'deleting' | 'system' | 'missing'>;
  /** Users marked for deletion whose deletion has not finished (a crash's leftovers), ascending. */
  abstract stillDeleting(): Promise<number[]>;
  /**
   * The last step: the user row itself, only once nothing of theirs is left that carries a tally
   * (uploads, votes, views, share visits). It locks the row first, so an upload or a vote that was under way
   * commits before the check (and is seen) or fails after the delete (its user is gone). Answers
   * `gone` (deleted now, `onDeleted` ran in the same transaction), `more` (something came in:
   * erase again) or `missing` (deleted before).
   */
  abstract deleteMarked(
    id: number,
    onDeleted: (tx: Transaction) => Promise<void>,
  ): Promise<'gone' | 'more' | 'missing'>;
}
