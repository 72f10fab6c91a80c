import { loadConfig } from '../../config/env.js';
import { UnlimitedBudget } from '../../platform/budget/testing/unlimited-budget.js';
import { SessionService } from './session.service.js';
import { FakeUsers } from '../users/testing/fake-users.js';

const SID = 'A'.repeat(32);
const device = { userAgent: 'Firefox on Linux', network: '192.0.2.1' };

describe('SessionService', () => {
  let users: FakeUsers;
  let service: SessionService;
  beforeEach(() => {
    users = new FakeUsers();
    service = new SessionService(users, new UnlimitedBudget(), loadConfig({}));
  });

  it('creates a user with a generated three-word name for a new session id', async () => {
    const u = await service.upsert({ sessionId: SID }, device);
    expect(u.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+ing[A-Z][a-z]+$/);
    expect(users.users).toHaveLength(1);
  });

  it('returns the same user for a known session id and only updates the location', async () => {
    const first = await service.upsert({ sessionId: SID }, device);
    const again = await service.upsert({ sessionId: SID, latitude: 48.85, longitude: 2.35 }, device);
    expect(again).toMatchObject({ id: first.id, username: first.username, latitude: 48.85, longitude: 2.35 });
    expect(users.users).toHaveLength(1);
  });
});
