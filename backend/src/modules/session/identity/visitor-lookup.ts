import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Users } from '../../users/users.js';
import { SessionCookies } from './session-cookie.js';

/** For routes that are public but answer the request's own visitor more (a hidden item's files). */
@Injectable()
export class VisitorLookup {
  constructor(
    private readonly cookies: SessionCookies,
    private readonly users: Users,
  ) {}

  /** The id of the user the session cookie names, or null. */
  async userIdOf(req: Request): Promise<number | null> {
    const sessionId = this.cookies.read(req);
    return sessionId ? ((await this.users.findBySessionId(sessionId))?.id ?? null) : null;
  }
}
