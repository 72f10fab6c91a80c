import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import type { User } from '../domain/user.js';
import { USERNAME_PATTERN } from '../domain/user.js';

export class UpdateProfileDto {
  @ApiPropertyOptional()
  @Optional()
  @Matches(USERNAME_PATTERN, { message: 'username must be 3 to 32 letters, digits, - or _' })
  username?: string;

  /** Empty string removes the address. */
  @ApiPropertyOptional()
  @ValidateIf((o: UpdateProfileDto) => o.email !== undefined && o.email !== '')
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  @MaxLength(254)
  email?: string;
}

/**
 * The session as any read shows it: no sessionId. That id is a bearer credential (whoever has it
 * is the user), so it only comes back to the app that sent it (POST /api/session) or asks for it
 * with a same-origin POST (POST /api/session/adopt), never to a plain GET.
 */
export class ProfileDto {
  @ApiProperty() id!: number;
  @ApiProperty() username!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ nullable: true, type: Number }) latitude!: number | null;
  @ApiProperty({ nullable: true, type: Number }) longitude!: number | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ description: 'An operator banned the account: it may browse, but not upload, vote or report' })
  banned!: boolean;

  static of(u: User): ProfileDto {
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      emailVerified: u.emailVerified,
      latitude: u.latitude,
      longitude: u.longitude,
      createdAt: u.createdAt.toISOString(),
      banned: u.bannedAt !== null,
    };
  }
}

export class UsernameAvailabilityDto {
  @ApiProperty({ description: 'case-insensitive; your own name counts as available' }) available!: boolean;
}
