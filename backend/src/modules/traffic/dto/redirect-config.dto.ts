import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  Validate,
  type ValidatorConstraintInterface,
  ValidatorConstraint,
} from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import {
  type BackButtonConfig,
  type PublicRedirectConfig,
  IDLE_TIME_DEFAULT,
  IDLE_TIME_MAX,
  IDLE_TIME_MIN,
  type IdleRedirectConfig,
  isRedirectUrl,
} from '../domain/redirect-config.js';
import type { TrafficMigrationResult } from '../traffic-schema.js';

export const INVALID_URL_MESSAGE = 'Invalid URL: Please enter a valid URL including http:// or https://';

@ValidatorConstraint({ name: 'redirectUrl' })
class RedirectUrlConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isRedirectUrl(value);
  }
  defaultMessage(): string {
    return INVALID_URL_MESSAGE;
  }
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
// a form may send "120": digits become a number, anything else stays as sent and fails @IsInt
const digitsToNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

export class SaveIdleRedirectDto {
  @ApiPropertyOptional({
    minimum: IDLE_TIME_MIN,
    maximum: IDLE_TIME_MAX,
    default: IDLE_TIME_DEFAULT,
    description: 'seconds',
  })
  @Optional()
  @Transform(digitsToNumber)
  @IsInt({ message: 'Invalid Time: Idle redirect time must be a whole number of seconds' })
  @Min(IDLE_TIME_MIN, { message: `Invalid Time: Idle redirect time must be at least ${IDLE_TIME_MIN} seconds` })
  @Max(IDLE_TIME_MAX, { message: `Invalid Time: Idle redirect time must be at most ${IDLE_TIME_MAX} seconds` })
  idleRedirectTime?: number;

  @ApiProperty({ example: 'https://example.com', description: 'absolute http(s) URL; "" disables the redirect' })
  @Transform(trimmed)
  @IsString({ message: 'idleRedirectUrl is required (send "" to disable the redirect)' })
  @MaxLength(2048, { message: 'idleRedirectUrl must be at most 2048 characters' })
  @Validate(RedirectUrlConstraint)
  idleRedirectUrl!: string;

  @ApiPropertyOptional({ description: 'defaults to true; always false when the URL is empty' })
  @Optional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

export class SaveBackButtonDto {
  @ApiProperty({ example: 'https://example.com', description: 'absolute http(s) URL; "" disables the redirect' })
  @Transform(trimmed)
  @IsString({ message: 'backButtonUrl is required (send "" to disable the redirect)' })
  @MaxLength(2048, { message: 'backButtonUrl must be at most 2048 characters' })
  @Validate(RedirectUrlConstraint)
  backButtonUrl!: string;

  @ApiPropertyOptional({ description: 'defaults to true; always false when the URL is empty' })
  @Optional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

/** Spec §3 "Idle redirect config"; id and createdAt are null while nothing was ever saved. */
export class IdleRedirectConfigDto {
  @ApiProperty({ nullable: true, type: Number }) id!: number | null;
  @ApiProperty() idleRedirectTime!: number;
  @ApiProperty() idleRedirectUrl!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ nullable: true, type: String }) createdAt!: string | null;

  static of(c: IdleRedirectConfig | null): IdleRedirectConfigDto {
    if (!c)
      return { id: null, idleRedirectTime: IDLE_TIME_DEFAULT, idleRedirectUrl: '', isActive: false, createdAt: null };
    return {
      id: c.id,
      idleRedirectTime: c.idleRedirectTime,
      idleRedirectUrl: c.idleRedirectUrl,
      isActive: c.isActive,
      createdAt: c.createdAt.toISOString(),
    };
  }
}

/** Spec §3 "Back button config". */
export class BackButtonConfigDto {
  @ApiProperty({ nullable: true, type: Number }) id!: number | null;
  @ApiProperty() backButtonUrl!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ nullable: true, type: String }) createdAt!: string | null;

  static of(c: BackButtonConfig | null): BackButtonConfigDto {
    if (!c) return { id: null, backButtonUrl: '', isActive: false, createdAt: null };
    return { id: c.id, backButtonUrl: c.backButtonUrl, isActive: c.isActive, createdAt: c.createdAt.toISOString() };
  }
}

/** What the visitor app reads: both redirects in one answer. */
export class PublicRedirectConfigDto implements PublicRedirectConfig {
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ description: 'seconds' }) idleRedirectTime!: number;
  @ApiProperty() idleRedirectUrl!: string;
  @ApiProperty() backButtonUrl!: string;
}

export class TrafficMigrationResultDto implements TrafficMigrationResult {
  @ApiProperty() idleConfigsCreated!: number;
  @ApiProperty() backButtonCreated!: number;
  @ApiProperty() indexesCreated!: number;
}
