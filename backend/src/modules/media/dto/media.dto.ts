import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { mediaUrl, tally, type Media } from '../domain/media.js';
import { displayUrlOf, type RenditionsState } from '../domain/renditions.js';
import { deliveryFields, MediaDeliveryDto } from './media-delivery.dto.js';

/** Largest value of a PostgreSQL integer id; bigger numbers would be a database error, not a 4xx. */
export const MAX_ID = 2_147_483_647;

export class UserIdFieldDto {
  @ApiProperty({ description: "The cookie's user" })
  @Type(() => Number)
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(MAX_ID, { message: 'userId must be a whole number' })
  userId!: number;
}

/** Multipart body of POST /api/media/upload besides the file. */
export class UploadMediaDto extends UserIdFieldDto {}
/** Body of POST /api/media/{id}/view. */
export class RecordViewDto extends UserIdFieldDto {}
/** Query of DELETE /api/media/{id}. */
export class DeleteMediaQueryDto extends UserIdFieldDto {}

export class RateItemDto extends MediaDeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty({
    description:
      "The spec's media URL, which the full-size overlay opens: a rendition (photo: fullUrl, video: playbackUrl), never the original",
  })
  url!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() hotPercentage!: number;
  @ApiProperty() notPercentage!: number;
  @ApiProperty() userHasVoted!: boolean;

  static of(m: Media): RateItemDto {
    const t = tally(m.hotVotes, m.totalVotes);
    const delivery = deliveryFields(m);
    return {
      id: m.id,
      // the spec names `url`: it points to a rendition, never the private original (issue 26);
      // the pick offers only rendered items, so it is never empty
      url: displayUrlOf(m.mimeType, delivery) ?? '',
      mimeType: m.mimeType,
      totalVotes: t.totalVotes,
      hotPercentage: t.hotPercentage,
      notPercentage: t.notPercentage,
      userHasVoted: false, // the pick never offers voted media
      ...delivery,
    };
  }
}

export class MediaStatDto extends MediaDeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "My Stats: a rendition (photo: fullUrl, video: playbackUrl), null while processing — never the original. The upload answer: the uploader's own original (served only to them and to admins)",
  })
  url!: string | null;
  @ApiProperty() mimeType!: string;
  @ApiProperty() originalName!: string;
  @ApiProperty({ description: 'bytes' }) size!: number;
  @ApiProperty() uploadedAt!: string;
  @ApiProperty() totalViews!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() hotVotes!: number;
  @ApiProperty() hotPercentage!: number;
  @ApiProperty() notPercentage!: number;
  @ApiProperty({ description: 'Reports hid the item from the random pick until an operator decides' })
  underReview!: boolean;
  @ApiProperty({
    enum: ['pending', 'ready', 'failed'],
    description: 'pending: processing (shown by its placeholder, not offered to others); failed: could not be rendered',
  })
  renditionsState!: RenditionsState;

  /** An item in its uploader's statistics: renditions only (issue 26). */
  static of(m: Media, underReview: boolean): MediaStatDto {
    const delivery = deliveryFields(m);
    return MediaStatDto.with(m, underReview, displayUrlOf(m.mimeType, delivery));
  }

  /** The upload answer: to the uploader alone, with their own (private) original's URL. */
  static uploaded(m: Media): MediaStatDto {
    return MediaStatDto.with(m, false, mediaUrl(m.storageKey));
  }

  private static with(m: Media, underReview: boolean, url: string | null): MediaStatDto {
    const t = tally(m.hotVotes, m.totalVotes);
    return {
      id: m.id,
      url,
      mimeType: m.mimeType,
      originalName: m.originalName,
      size: m.size,
      uploadedAt: m.uploadedAt.toISOString(),
      totalViews: m.totalViews,
      totalVotes: t.totalVotes,
      hotVotes: t.hotVotes,
      hotPercentage: t.hotPercentage,
      notPercentage: t.notPercentage,
      underReview,
      renditionsState: m.renditionsState,
      ...deliveryFields(m),
    };
  }
}

export class UserStatsDto {
  @ApiProperty() totalUploads!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
  @ApiProperty({ type: [MediaStatDto] }) mediaStats!: MediaStatDto[];
}

export class ViewRecordedDto {
  @ApiProperty({ description: 'only the first view per user counts' }) recorded!: boolean;
}

export class MediaDeletedDto {
  @ApiProperty({ enum: [true] }) success!: true;
}
