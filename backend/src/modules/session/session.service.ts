import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { Budget, HOUR_MS, type Receipt } from '../../platform/budget/budget.js';
import { conflict } from '../../platform/domain-error.js';
import type { DeviceInfo } from '../users/domain/device.js';
import type { User } from '../users/domain/user.js';
import { generateUniqueUsername } from '../users/domain/username-generator.js';
import { Users } from '../users/users.js';

/** A visitor's session: the first request of a new session id creates its guest user and that first session. */
@Injectable()
export class SessionService {
  constructor(
    private readonly users: Users,
    private readonly budget: Budget,
    private readonly config: AppConfig,
  ) {}

  /**
   * Creates the user for a new sessionId (server-chosen name), else updates its location. A new
   * session spends one of its network's SESSIONS_PER_ADDRESS_PER_HOUR (given back when no user
   * is created after all): being a thousand visitors must cost more than a thousand requests.
   */
  async upsert(input: { sessionId: string; latitude?: number; longitude?: number }, device: DeviceInfo): Promise<User> {
    const network = device.network;
    const hasLocation = input.latitude !== undefined && input.longitude !== undefined;
    let spent: Receipt | null = null;
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const existing = await this.users.findBySessionId(input.sessionId);
        if (existing) {
          if (spent) await this.budget.refund(spent); // a parallel request created it
          spent = null;
          return hasLocation ? this.users.updateLocation(existing.id, input.latitude!, input.longitude!) : existing;
        }
        spent ??= await this.budget.spend([
          {
            key: `sessions:${network}`,
            windowMs: HOUR_MS,
            limit: this.config.quotas.sessionsPerAddressPerHour,
            amount: 1,
            message: 'Too many new sessions were started from your network in the last hour',
          },
        ]);
        const username = await generateUniqueUsername((n) => this.users.isUsernameTaken(n));
        const created = await this.users.create({
          sessionId: input.sessionId,
          username,
          latitude: hasLocation ? input.latitude : undefined,
          longitude: hasLocation ? input.longitude : undefined,
          device,
        });
        if (created) {
          spent = null;
          return created;
        }
        // lost a race for the name or the sessionId: look again
      }
      throw conflict('Could not create the session, please try again');
    } catch (err) {
      if (spent) await this.budget.refund(spent).catch(() => undefined);
      throw err;
    }
  }
}
