import { DomainError } from '../../platform/domain-error.js';
import { ProfileService } from './profile.service.js';
import { FakeUsers } from './testing/fake-users.js';

const SID = 'A'.repeat(32);

describe('ProfileService', () => {
  let users: FakeUsers;
  let profiles: ProfileService;
  beforeEach(() => {
    users = new FakeUsers();
    profiles = new ProfileService(users);
  });
  const guest = async (sessionId: string, username: string) => (await users.create({ sessionId, username }))!;

  it('changes nothing when the profile form is unchanged', async () => {
    const u = await guest(SID, 'FirstGuest');
    const spy = vi.spyOn(users, 'updateProfile');
    await profiles.updateProfile(u, { username: u.username });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a name another user has, whatever its case', async () => {
    const a = await guest(SID, 'FirstGuest');
    const b = await guest('B'.repeat(32), 'SecondGuest');
    await expect(profiles.updateProfile(b, { username: a.username.toLowerCase() })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(profiles.updateProfile(b, { username: a.username })).rejects.toBeInstanceOf(DomainError);
  });

  it('treats an empty e-mail as removing it', async () => {
    const u = await guest(SID, 'FirstGuest');
    await profiles.updateProfile(u, { email: 'me@example.com' });
    const cleared = await profiles.updateProfile(u, { email: '  ' });
    expect(cleared.email).toBeNull();
  });

  it('reports names that break the username rules as unavailable', async () => {
    expect(await profiles.isUsernameAvailable('ab', null)).toBe(false);
    expect(await profiles.isUsernameAvailable('has space', null)).toBe(false);
    expect(await profiles.isUsernameAvailable('FreeName', null)).toBe(true);
  });
});
