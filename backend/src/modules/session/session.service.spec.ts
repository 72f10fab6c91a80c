import { loadConfig } from '../../config/env.js';
import { UnlimitedBudget } from '../../platform/budget/testing/unlimited-budget.js';
import { DomainError } from '../../platform/domain-error.js';
import { SessionService } from './session.service.js';
import { FakeUserRepository } from './testing/fake-user.repository.js';

const SID = 'A'.repeat(32);

describe('SessionService', () => {
  let users: FakeUserRepository;
  let service: SessionService;
  beforeEach(() => {
    users = new FakeUserRepository();
    service = new SessionService(users, new UnlimitedBudget(), loadConfig({}));
  });

  it('creates a user with a generated three-word name for a new session id', async () => {
    const u = await service.upsert({ sessionId: SID }, '192.0.2.1');
    expect(u.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+ing[A-Z][a-z]+$/);
    expect(users.users).toHaveLength(1);
  });

  it('returns the same user for a known session id and only updates the location', async () => {
    const first = await service.upsert({ sessionId: SID }, '192.0.2.1');
    const again = await service.upsert({ sessionId: SID, latitude: 48.85, longitude: 2.35 }, '192.0.2.1');
    expect(again).toMatchObject({ id: first.id, username: first.username, latitude: 48.85, longitude: 2.35 });
    expect(users.users).toHaveLength(1);
  });

  it('changes nothing when the profile form is unchanged', async () => {
    const u = await service.upsert({ sessionId: SID }, '192.0.2.1');
    const spy = vi.spyOn(users, 'updateProfile');
    await service.updateProfile(u, { username: u.username });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a name another user has, whatever its case', async () => {
    const a = await service.upsert({ sessionId: SID }, '192.0.2.1');
    const b = await service.upsert({ sessionId: 'B'.repeat(32) }, '192.0.2.1');
    await expect(service.updateProfile(b, { username: a.username.toLowerCase() })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(service.updateProfile(b, { username: a.username })).rejects.toBeInstanceOf(DomainError);
  });

  it('treats an empty e-mail as removing it', async () => {
    const u = await service.upsert({ sessionId: SID }, '192.0.2.1');
    await service.updateProfile(u, { email: 'me@example.com' });
    const cleared = await service.updateProfile(u, { email: '  ' });
    expect(cleared.email).toBeNull();
  });

  it('reports names that break the username rules as unavailable', async () => {
    expect(await service.isUsernameAvailable('ab', null)).toBe(false);
    expect(await service.isUsernameAvailable('has space', null)).toBe(false);
    expect(await service.isUsernameAvailable('FreeName', null)).toBe(true);
  });
});
