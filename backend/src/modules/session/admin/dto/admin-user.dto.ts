import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsLatitude, IsLongitude } from 'class-validator';
import type { AdminUserRow } from '../users-admin.repository.js';
import type { LocationLabel } from '../geocoding.service.js';

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
  @ApiProperty({ nullable: true, type: String }) bannedAt!: string | null;

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
      bannedAt: r.bannedAt?.toISOString() ?? null,
    };
  }
}

export class GeocodeQueryDto {
  @ApiProperty({ example: 51.5072 })
  @Type(() => Number)
  @IsLatitude({ message: 'lat must be a number between -90 and 90' })
  lat!: number;

  @ApiProperty({ example: -0.1276 })
  @Type(() => Number)
  @IsLongitude({ message: 'lon must be a number between -180 and 180' })
  lon!: number;
}

/** The Users page's three totals: active = at least one upload or vote; saved = a verified e-mail. */
export class UserTotalsDto {
  @ApiProperty() totalUsers!: number;
  @ApiProperty() activeUsers!: number;
  @ApiProperty() savedAccounts!: number;
}

export class LocationLabelDto implements LocationLabel {
  @ApiProperty({ example: 'London, England, United Kingdom' }) label!: string;
  @ApiProperty({ enum: ['geocoder', 'cache', 'coordinates'] }) source!: LocationLabel['source'];
}
