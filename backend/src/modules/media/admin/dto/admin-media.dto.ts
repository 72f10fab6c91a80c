import { ApiProperty } from '@nestjs/swagger';
import type { AdminMediaRow } from '../media-admin.repository.js';

/** The spec's admin media row (§3), plus the uploader's id for linking to the user. */
export class AdminMediaDto {
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
    };
  }
}
