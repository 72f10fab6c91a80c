import { ApiProperty } from '@nestjs/swagger';
import type { AdminUserRow } from '../users-admin.repository.js';

/** The spec's admin user row (§3). totalVotes / totalViews count what the user did, not what they got. */
export class AdminUserDto {
  @ApiProperty() id!: number;
  @ApiProperty() username!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ nullable: true, type: Number }) latitude!: number | null;
  @ApiProperty({ nullable: true, type: Number }) longitude!: number | null;
  @ApiProperty() totalUploads!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() banned!: boolean;
  @ApiProperty({ description: 'a fake user the vote population created (never a visitor)' }) seeded!: boolean;
  @ApiProperty({ nullable: true, type: String }) bannedAt!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      '"City, State, Country" when the reverse geocoder has named the place (zoom 10); null: not shared, not known yet, or the lookup failed (show the coordinates)',
  })
  location!: string | null;
  @ApiProperty({ description: 'A lookup of the place is queued or running: ask again in a few seconds for its name' })
  locationPending!: boolean;

  static of(r: AdminUserRow): AdminUserDto {
    return {
      id: r.id,
      username: r.username,
      email: r.email,
      emailVerified: r.emailVerified,
      latitude: r.latitude,
      longitude: r.longitude,
      totalUploads: r.totalUploads,
      totalVotes: r.totalVotes,
      totalViews: r.totalViews,
      createdAt: r.createdAt.toISOString(),
      banned: r.bannedAt !== null,
      seeded: r.seeded,
      bannedAt: r.bannedAt?.toISOString() ?? null,
      location: r.location?.label ?? null,
      locationPending: r.location?.pending ?? false,
    };
  }
}

/** The Users page's totals: active = at least one upload or vote; saved = a verified e-mail. */
export class UserTotalsDto {
  @ApiProperty({ description: "every user, the vote population's fake ones included" }) totalUsers!: number;
  @ApiProperty({ description: "users with an upload or a vote, the vote population's fake ones left out" })
  activeUsers!: number;
  @ApiProperty() savedAccounts!: number;
  @ApiProperty({ description: "the vote population's fake users" }) seededUsers!: number;
}
