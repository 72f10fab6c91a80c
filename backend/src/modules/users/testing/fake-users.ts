import { conflict } from '../../../platform/domain-error.js';
import type { User } from '../domain/user.js';
import { Users } from '../users.js';

/** In-memory Users for unit specs; same case-insensitive uniqueness as the database. */
export class FakeUsers extends Users {
  users: User[] = [];
  private nextId = 1;

  async findById(id: number) {
    return this.users.find((u) => u.id === id) ?? null;
  }
  async findBySessionId(sessionId: string) {
    return this.users.find((u) => u.sessionId === sessionId) ?? null;
  }
  async findByVerifiedEmail(email: string) {
    return this.users.find((u) => u.emailVerified && u.email?.toLowerCase() === email.toLowerCase()) ?? null;
  }
  async isUsernameTaken(username: string, exceptUserId?: number) {
    return this.users.some((u) => u.username.toLowerCase() === username.toLowerCase() && u.id !== exceptUserId);
  }
  async create(data: { sessionId: string; username: string; latitude?: number; longitude?: number }) {
    if (await this.isUsernameTaken(data.username)) return null;
    const user: User = {
      id: this.nextId++,
      sessionId: data.sessionId,
      username: data.username,
      email: null,
      emailVerified: false,
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      createdAt: new Date(),
      bannedAt: null,
    };
    this.users.push(user);
    return user;
  }
  async updateLocation(id: number, latitude: number, longitude: number) {
    const u = (await this.findById(id))!;
    Object.assign(u, { latitude, longitude });
    return u;
  }
  async updateProfile(id: number, changes: { username?: string; email?: string | null }) {
    const u = (await this.findById(id))!;
    if (changes.username && (await this.isUsernameTaken(changes.username, id)))
      throw conflict('Username is already taken');
    if (changes.username) u.username = changes.username;
    if (changes.email !== undefined && changes.email !== u.email)
      Object.assign(u, { email: changes.email, emailVerified: false });
    return u;
  }
}
