import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SendMagicLinkDto {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email!: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  username?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  sessionId?: string;
}

export class LoginExistingDto {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email!: string;
}

/** What the magic-link calls answer: the same text whatever happened to the address. */
export class MessageDto {
  @ApiProperty() message!: string;
}
