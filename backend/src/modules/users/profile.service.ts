import { Injectable } from '@nestjs/common';
import { conflict } from '../../platform/domain-error.js';
import { USERNAME_PATTERN, type User } from './domain/user.js';
import { Users } from './users.js';

/** The visitor's own profile: the name (unique, case-insensitively) and the e-mail address. */
@Injectable()
export class ProfileService {
  constructor(private readonly users: Users) {}

  async isUsernameAvailable(name: string, currentSessionId: string | null): Promise<boolean> {
    if (!USERNAME_PATTERN.test(name)) return false;
    const me = currentSessionId ? await this.users.findBySessionId(currentSessionId) : null;
    return !(await this.users.isUsernameTaken(name, me?.id));
  }

  async updateProfile(user: User, changes: { username?: string; email?: string }): Promise<User> {
    const username =
      changes.username !== undefined && changes.username !== user.username ? changes.username : undefined;
    if (username && (await this.users.isUsernameTaken(username, user.id))) throw conflict('Username is already taken');
    const email = changes.email === undefined ? undefined : changes.email.trim() || null;
    if (username === undefined && (email === undefined || email === user.email)) return user;
    return this.users.updateProfile(user.id, { username, email: email === user.email ? undefined : email });
  }
}
