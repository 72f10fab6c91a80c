import type { Page, SortOrder } from '../../../platform/http/simple-rest.js';
import type { PlaceState } from '../domain/location-label.js';

/** The spec's admin user row (§3): uploads, votes cast and views made by the user. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  latitude: number | null;
  longitude: number | null;
  totalUploads: number;
  totalVotes: number;
  totalViews: number;
  createdAt: Date;
  bannedAt: Date | null;
  /** created by the vote population */
  seeded: boolean;
  /** the place name as far as known (set by the service from the geocode cache; absent on a bare row) */
  location?: PlaceState | null;
}

export const USER_SORTABLE = [
  'id',
  'username',
  'email',
  'createdAt',
  'totalUploads',
  'totalVotes',
  'totalViews',
] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];

export interface UserListCriteria {
  /** substring of the username or e-mail, case-insensitive */
  q?: string;
  /** active = at least one upload or vote */
  active?: boolean;
  /** banned by an operator (or not) */
  banned?: boolean;
  /** a fake user of the vote population (or a real one) */
  seeded?: boolean;
  ids?: number[];
  sort: { field: UserSortField; order: SortOrder };
  offset: number;
  limit: number;
}

/** Port: the admin's read side over users with their activity counts. */
export abstract class UsersAdminRepository {
  /** `knownTotal`: the caller already knows how many rows match (no count query then). */
  abstract list(criteria: UserListCriteria, knownTotal?: number): Promise<Page<AdminUserRow>>;
  abstract findRow(id: number): Promise<AdminUserRow | null>;
}
