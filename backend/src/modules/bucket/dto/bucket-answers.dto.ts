import { ApiProperty } from '@nestjs/swagger';
import type { ImportResult } from '../jobs/import-media.job.js';
import type { DuplicateResult } from '../jobs/find-duplicates.job.js';
import type { BucketListing, DeleteResult } from '../bucket.service.js';

export class BucketFileDto {
  @ApiProperty() key!: string;
  @ApiProperty({ description: 'bytes' }) size!: number;
  @ApiProperty() lastModified!: string;
}

export class BucketListingDto implements BucketListing {
  @ApiProperty({ enum: ['local', 's3'] }) provider!: string;
  @ApiProperty({ type: [BucketFileDto] }) files!: BucketFileDto[];
  @ApiProperty() totalFiles!: number;
  @ApiProperty({ description: 'bytes' }) totalSize!: number;
}

export class BucketDeleteErrorDto {
  @ApiProperty() key!: string;
  @ApiProperty({ example: 'File not found' }) error!: string;
}

export class BucketDeleteResultDto implements DeleteResult {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [String] }) deleted!: string[];
  @ApiProperty({ type: [BucketDeleteErrorDto] }) errors!: BucketDeleteErrorDto[];
  @ApiProperty({ description: 'media rows stored under a deleted key (removed with their votes and views)' })
  mediaDeleted!: number;
}

/** The import job's result. */
export class ImportResultDto implements ImportResult {
  @ApiProperty() imported!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty() errors!: number;
  @ApiProperty() totalFiles!: number;
}

export class DuplicateGroupDto {
  @ApiProperty({ enum: ['content', 'size', 'name-similarity'] }) type!: 'content' | 'size' | 'name-similarity';
  @ApiProperty() criteria!: string;
  @ApiProperty({ type: [BucketFileDto], description: 'newest first: the one "Select Duplicates" keeps' })
  files!: BucketFileDto[];
}

/** The duplicate scan job's result. */
export class DuplicateResultDto implements DuplicateResult {
  @ApiProperty() success!: boolean;
  @ApiProperty() provider!: string;
  @ApiProperty() totalFiles!: number;
  @ApiProperty({ type: [DuplicateGroupDto] }) duplicateGroups!: DuplicateGroupDto[];
  @ApiProperty() totalDuplicateFiles!: number;
  @ApiProperty({ description: 'distinct files that are not the newest of any group' }) potentialDeletions!: number;
  @ApiProperty() message!: string;
}
