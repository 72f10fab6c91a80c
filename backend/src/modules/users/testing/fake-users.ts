import { conflict } from '../../../platform/domain-error.js';
import type { DeviceInfo, DeviceSession } from '../domain/device.js';
import type { User } from '../domain/user.js';
import { type SignedIn, Users } from '../users.js';

/** In-memory Users for unit specs; same case-insensitive uniqueness as the database. */
export class FakeUsers extends Users {
  users: User[] = [];
  /** session id → its device session (the fake keeps ids; the database keeps hashes) */
  sessions = new Map<string, DeviceSession>();
  private nextId = 1;
  private nextSessionId = 1;

  /** A new session for an existing user (what a confirmed magic link does), for specs. */
  addSession(userId: number, sessionId: string, device: DeviceInfo = { userAgent: null, network: 'test' }) {
    const now = new Date();
    this.sessions.set(sessionId, {
      id: this.nextSessionId++,
      userId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: device.userAgent,
      network: device.network,
    });
  }

  async findById(id: number) {
    return this.users.find((u) => u.id === id) ?? null;
  }
  async findBySessionId(sessionId: string) {
    return (await this.findSession(sessionId))?.user ?? null;
  }
  async findSession(sessionId: string): Promise<SignedIn | null> {
    const session = this.sessions.get(sessionId);
    const user = session && (await this.findById(session.userId));
    return session && user ? { user, session } : null;
  }
  async findByVerifiedEmail(email: string) {
    return this.users.find((u) => u.emailVerified && u.email?.toLowerCase() === email.toLowerCase()) ?? null;
  }
  async isUsernameTaken(username: string, exceptUserId?: number) {
    return this.users.some((u) => u.username.toLowerCase() === username.toLowerCase() && u.id !== exceptUserId);
  }
  async create(data: {
    sessionId: string;
    username: string;
    latitude?: number;
    longitude?: number;
    device?: DeviceInfo;
  }) {
    if ((await this.isUsernameTaken(data.username)) || this.sessions.has(data.sessionId)) return null;
    const user: User = {
      id: this.nextId++,
      username: data.username,
      email: null,
      emailVerified: false,
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      createdAt: new Date(),
      bannedAt: null,
    };
    this.users.push(user);
    this.addSession(user.id, data.sessionId, data.device);
    return user;
  }
  async touchSession(id: number) {
    for (const s of this.sessions.values()) if (s.id === id) s.lastSeenAt = new Date();
  }
  async listSessions(userId: number) {
    return [...this.sessions.values()].filter((s) => s.userId === userId);
  }
  async endSession(sessionId: string) {
    return this.sessions.delete(sessionId);
  }
  async endSessionById(userId: number, id: number) {
    for (const [k, s] of this.sessions) if (s.id === id && s.userId === userId) return this.sessions.delete(k);
    return false;
  }
  async endSessions(userId: number, keepId: number | null) {
    let n = 0;
    for (const [k, s] of this.sessions)
      if (s.userId === userId && s.id !== keepId) n += Number(this.sessions.delete(k));
    return n;
  }
  async markDeleting(id: number) {
    const u = this.users.find((x) => x.id === id);
    if (!u) return 'missing' as const;
    this.users = this.users.filter((x) => x !== u);
    await this.endSessions(id, null);
    return 'marked' as const;
  }
  async stillDeleting() {
    return [];
  }
  async deleteMarked() {
    return 'missing' as const;
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
