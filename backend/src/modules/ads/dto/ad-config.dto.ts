import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import type { AdConfig } from '../ad-config.repository.js';

export const ZONE_NAME_REQUIRED = 'Zone name cannot be empty';

export class SaveAdConfigDto {
  @ApiProperty({ example: 'Ad Zone 1' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: ZONE_NAME_REQUIRED })
  @IsNotEmpty({ message: ZONE_NAME_REQUIRED })
  @MaxLength(100, { message: 'Zone name must be at most 100 characters' })
  zoneName!: string;

  @ApiPropertyOptional({
    description: 'HTML snippet (scripts allowed; rendered in a sandboxed iframe). Empty disables the zone.',
  })
  @Optional()
  @IsString({ message: 'adCode must be text' })
  @MaxLength(50_000, { message: 'adCode must be at most 50000 characters' })
  adCode?: string;

  @ApiPropertyOptional({ description: 'defaults to true; always false when adCode is empty' })
  @Optional()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

/** Spec §3 "Ad config". */
export class AdConfigDto {
  @ApiProperty() zoneId!: string;
  @ApiProperty() zoneName!: string;
  @ApiProperty() adCode!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty() updatedAt!: string;

  static of(c: AdConfig): AdConfigDto {
    return {
      zoneId: c.zoneId,
      zoneName: c.zoneName,
      adCode: c.adCode,
      isActive: c.isActive,
      updatedAt: c.updatedAt.toISOString(),
    };
  }
}

/** Spec §3 "Ad migration result". */
export class AdMigrationResultDto {
  @ApiProperty() message!: string;
  @ApiProperty() adConfigsCreated!: number;
  @ApiProperty() indexesCreated!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}
