import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MediaDeliveryDto } from '../../dto/media-delivery.dto.js';
import type { RenditionsState } from '../../domain/renditions.js';
import type { AdminMediaRow } from '../media-admin.repository.js';

/** The spec's admin media row (§3), plus the uploader's id for linking to the user. */
export class AdminMediaDto extends MediaDeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty() url!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty() originalName!: string;
  @ApiProperty({ description: 'bytes' }) size!: number;
  @ApiProperty() userId!: number;
  @ApiProperty() username!: string;
  @ApiProperty() uploadedAt!: string;
  @ApiProperty() hotVotes!: number;
  @ApiProperty() notVotes!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
  @ApiProperty({
    enum: ['pending', 'ready', 'failed'],
    description:
      'pending: not made yet (or made by an older pipeline, not offered until made again); failed: see renditionsError',
  })
  renditionsState!: RenditionsState;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why it could not be rendered (e.g. the box cleaner refused the original): quarantined, never offered to others, its original private',
  })
  renditionsError!: string | null;

  static of(r: AdminMediaRow): AdminMediaDto {
    return {
      id: r.id,
      url: r.url,
      mimeType: r.mimeType,
      originalName: r.originalName,
      size: r.size,
      userId: r.userId,
      username: r.username,
      uploadedAt: r.uploadedAt.toISOString(),
      hotVotes: r.hotVotes,
      notVotes: r.notVotes,
      totalVotes: r.totalVotes,
      totalViews: r.totalViews,
      renditionsState: r.renditionsState,
      renditionsError: r.renditionsError,
      ...r.delivery,
    };
  }
}

const IDS_MESSAGE = 'ids must be a list of 1 to 1000 media ids (positive integers)';

/** POST /api/admin/media/delete: the portal's bulk delete, one call for the whole selection. */
export class DeleteMediaDto {
  @ApiProperty({ type: [Number], example: [12, 13, 40], minItems: 1, maxItems: 1000 })
  @IsArray({ message: IDS_MESSAGE })
  @ArrayMinSize(1, { message: IDS_MESSAGE })
  @ArrayMaxSize(1000, { message: IDS_MESSAGE })
  @IsInt({ each: true, message: IDS_MESSAGE })
  @Min(1, { each: true, message: IDS_MESSAGE })
  @Max(2_147_483_647, { each: true, message: IDS_MESSAGE })
  ids!: number[];
}

/** POST /api/admin/media/renditions: the backfill; `retryFailed` also tries items it could not render before. */
export class GenerateRenditionsDto {
  @ApiProperty({ required: false, default: false })
  @IsOptional()
  @IsBoolean({ message: 'retryFailed must be true or false' })
  retryFailed?: boolean;
}

/** GET /api/admin/media/renditions: items without current renditions. */
export class RenditionBacklogDto {
  @ApiProperty({ description: 'waiting for the job' }) pending!: number;
  @ApiProperty({ description: 'the job could not render them' }) failed!: number;
  @ApiProperty({
    description:
      'made by an older rendition pipeline: re-rendered and their originals cleaned again by the upgrade job',
  })
  outdated!: number;
}

/** The Media page's three totals. */
export class MediaTotalsDto {
  @ApiProperty() totalMedia!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
}

export class MediaDeleteResultDto {
  @ApiProperty({ type: [Number], description: 'ascending' }) deleted!: number[];
  @ApiProperty({ type: [Number], description: 'ascending' }) notFound!: number[];
}
