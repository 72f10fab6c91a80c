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
}
