import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UserRepository } from '../user.repository.js';
import { SessionCookies } from './session-cookie.js';

/** For routes that are public but answer the request's own visitor more (a hidden item's files). */
@Injectable()
export class VisitorLookup {
  constructor(
    private readonly cookies: SessionCookies,
    private readonly users: UserRepository,
  ) {}

  /** The id of the user the session cookie names, or null. */
  async userIdOf(req: Request): Promise<number | null> {
    const sessionId = this.cookies.read(req);
    return sessionId ? ((await this.users.findBySessionId(sessionId))?.id ?? null) : null;
  }
}
