import { MediaDeliveryDto } from '../../media/dto/media-delivery.dto.js';
import { ApiProperty } from '@nestjs/swagger';
import { REPORT_REASONS, type ReporterStanding } from '../domain/report.js';
import type { ModerationRow, ModerationStatus } from '../moderation.repository.js';

/** A reported media in the moderation queue: one row per media, its reports summed up. */
/** A queue entry with its media's thumbnails (null once the media is gone, or before the job made them). */
export class ModerationRowDto extends MediaDeliveryDto implements ModerationRow {
  @ApiProperty({ description: 'the media id' }) id!: number;
  @ApiProperty() mediaUrl!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty() originalName!: string;
  @ApiProperty() uploaderId!: number;
  @ApiProperty() uploaderName!: string;
  @ApiProperty({ description: 'reports from distinct visitors' }) reports!: number;
  @ApiProperty({
    description:
      'open reports that count toward hiding: reporters in good standing (a saved account, or a session REPORTER_MIN_AGE_MINUTES old with REPORTER_MIN_VOTES votes), at most MODERATION_REPORTERS_PER_NETWORK per network',
  })
  countedReports!: number;
  @ApiProperty({
    type: 'object',
    properties: { saved: { type: 'number' }, established: { type: 'number' }, new: { type: 'number' } },
    description: "open reports by the reporter's standing when they reported",
  })
  reporters!: Record<ReporterStanding, number>;
  @ApiProperty({ description: 'an operator kept it before: reports return it to the queue but never hide it again' })
  keptBefore!: boolean;
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(REPORT_REASONS.map((r) => [r, { type: 'number' }])),
    description: 'reports per reason',
  })
  reasons!: Record<string, number>;
  @ApiProperty({ type: [String] }) notes!: string[];
  @ApiProperty() hidden!: boolean;
  @ApiProperty({ description: 'the media is gone (deleted by an operator, its owner or a ban), whatever the decision' })
  fileDeleted!: boolean;
  @ApiProperty({ enum: ['open', 'kept', 'deleted', 'banned'] }) status!: ModerationStatus;
  @ApiProperty() firstReportedAt!: string;
  @ApiProperty() lastReportedAt!: string;
  @ApiProperty({ type: String, nullable: true }) decidedAt!: string | null;
}

export class KeepResultDto {
  @ApiProperty({ type: [Number] }) kept!: number[];
  @ApiProperty({ type: [Number] }) notFound!: number[];
}

export class ModerationDeleteResultDto {
  @ApiProperty({ type: [Number] }) deleted!: number[];
  @ApiProperty({ type: [Number] }) notFound!: number[];
}

export class BanResultDto {
  @ApiProperty({ type: [Number] }) banned!: number[];
  @ApiProperty({ type: [Number] }) notFound!: number[];
  @ApiProperty({ description: 'media items deleted with deleteMedia' }) mediaDeleted!: number;
}

export class UnbanResultDto {
  @ApiProperty({ type: [Number] }) unbanned!: number[];
  @ApiProperty({ type: [Number] }) notFound!: number[];
}
