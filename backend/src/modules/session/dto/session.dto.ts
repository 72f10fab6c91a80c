import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsLatitude, IsLongitude, IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import type { User } from '../../users/domain/user.js';
import { SESSION_ID_PATTERN } from '../domain/session-id.js';
import { ProfileDto } from '../../users/dto/profile.dto.js';

export class UpsertSessionDto {
  @ApiProperty({ example: 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY' })
  @Matches(SESSION_ID_PATTERN, { message: 'sessionId must be 32 letters or digits' })
  sessionId!: string;

  /** Accepted for compatibility with the spec's payload; the server picks names for new users. */
  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsLatitude({ message: 'latitude must be a number between -90 and 90' })
  latitude?: number;

  @ApiPropertyOptional()
  @Optional()
  @IsLongitude({ message: 'longitude must be a number between -180 and 180' })
  longitude?: number;
}

/** The session with its id, for the app that already holds it or adopts it. */
export class SessionDto extends ProfileDto {
  @ApiProperty() sessionId!: string;

  static withId(u: User, sessionId: string): SessionDto {
    return { ...ProfileDto.of(u), sessionId };
  }
}
