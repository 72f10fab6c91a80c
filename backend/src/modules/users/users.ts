import type { User } from './domain/user.js';

/** Port over the users table. */
export abstract class Users {
  abstract findById(id: number): Promise<User | null>;
  abstract findBySessionId(sessionId: string): Promise<User | null>;
  abstract findByVerifiedEmail(email: string): Promise<User | null>;
  /** Case-insensitive; `exceptUserId` lets a user keep their own name. */
  abstract isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean>;
  /** Returns null when the sessionId or the username was taken meanwhile (unique indexes). */
  abstract create(data: {
    sessionId: string;
    username: string;
    latitude?: number;
    longitude?: number;
  }): Promise<User | null>;
  abstract updateLocation(id: number, latitude: number, longitude: number): Promise<User>;
  /** Throws DomainError conflict when the username is taken. */
  abstract updateProfile(id: number, changes: { username?: string; email?: string | null }): Promise<User>;
}
