import { Injectable } from '@nestjs/common';
import { badRequest, notFound } from '../../../platform/domain-error.js';
import { idList, type ListQueryDto, parseListQuery, type Page } from '../../../platform/http/simple-rest.js';
import { ActivityCounters } from '../../stats/activity-counters.js';
import { GeocodingService } from '../geocoding.service.js';
import { Users } from '../users.js';
import {
  type AdminUserRow,
  USER_SORTABLE,
  type UserListCriteria,
  UsersAdminRepository,
} from './users-admin.repository.js';

@Injectable()
export class UsersAdminService {
  constructor(
    private readonly users: UsersAdminRepository,
    private readonly counters: ActivityCounters,
    private readonly geocoding: GeocodingService,
    private readonly accounts: Users,
  ) {}

  /** The admin's "Sign out everywhere": every session of the user ends; answers how many. 404 for no such user. */
  async signOutEverywhere(id: number): Promise<number> {
    if (!(await this.accounts.findById(id))) throw notFound('User not found');
    return this.accounts.endSessions(id, null);
  }

  /** active: at least one upload or vote, by a real user (the population's fake users vote); saved: a verified e-mail. */
  async totals(): Promise<{ totalUsers: number; activeUsers: number; savedAccounts: number; seededUsers: number }> {
    const { totalUsers, activeUsers, savedAccounts, seededUsers, seededActiveUsers } = await this.counters.totals();
    return { totalUsers, activeUsers: activeUsers - seededActiveUsers, savedAccounts, seededUsers };
  }

  /**
   * filter: `q` (username or e-mail), `active` (true: has uploaded or voted; false: neither), `banned`,
   * `seeded` (true: the vote population's fake users; false: real ones), `id` (getMany).
   */
  async list(query: ListQueryDto): Promise<Page<AdminUserRow> & { offset: number }> {
    const q = parseListQuery(query, {
      sortable: USER_SORTABLE,
      defaultSort: ['createdAt', 'DESC'],
      filters: ['q', 'active', 'banned', 'seeded', 'id'],
    });
    const criteria: UserListCriteria = { sort: q.sort, offset: q.offset, limit: q.limit };
    const { q: text, active, banned, seeded, id } = q.filter;
    if (text !== undefined) {
      if (typeof text !== 'string' || text.length > 200)
        throw badRequest('filter q must be text of at most 200 characters');
      if (text.trim()) criteria.q = text.trim();
    }
    if (active !== undefined) {
      const flag =
        active === true || active === 'true' || active === 'active'
          ? true
          : active === false || active === 'false' || active === 'inactive'
            ? false
            : null;
      if (flag === null) throw badRequest('filter active must be true or false');
      criteria.active = flag;
    }
    if (banned !== undefined) {
      if (banned !== true && banned !== false && banned !== 'true' && banned !== 'false')
        throw badRequest('filter banned must be true or false');
      criteria.banned = banned === true || banned === 'true';
    }
    if (seeded !== undefined) {
      if (seeded !== true && seeded !== false && seeded !== 'true' && seeded !== 'false')
        throw badRequest('filter seeded must be true or false');
      criteria.seeded = seeded === true || seeded === 'true';
    }
    if (id !== undefined) criteria.ids = idList(id);
    // no filter but `active`: the total comes from the counters, not from counting every user
    let total: number | undefined;
    // the active flags and each row's votes cast and uploads are settled after deletes (counts_settle())
    await this.counters.settle();
    if (criteria.q === undefined && criteria.ids === undefined && criteria.banned === undefined) {
      const t = await this.counters.totals();
      // the users (and active users) of the part asked for: all, only the fake ones, or only real ones
      const [users, activeUsers] =
        criteria.seeded === undefined
          ? [t.totalUsers, t.activeUsers]
          : criteria.seeded
            ? [t.seededUsers, t.seededActiveUsers]
            : [t.totalUsers - t.seededUsers, t.activeUsers - t.seededActiveUsers];
      total = criteria.active === undefined ? users : criteria.active ? activeUsers : users - activeUsers;
    }
    const page = await this.users.list(criteria, total);
    return { ...page, rows: await this.withPlaces(page.rows), offset: q.offset };
  }

  async get(id: number): Promise<AdminUserRow> {
    await this.counters.settle();
    const row = await this.users.findRow(id);
    if (!row) throw notFound('User not found');
    return (await this.withPlaces([row]))[0]!;
  }

  /** Place names the cache knows now; the rest are queued for the background lookup, never awaited. */
  private async withPlaces(rows: AdminUserRow[]): Promise<AdminUserRow[]> {
    const places = await this.geocoding.places(
      rows.map((r) => (r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lon: r.longitude } : null)),
    );
    return rows.map((r, i) => ({ ...r, location: places[i] ?? null }));
  }
}
