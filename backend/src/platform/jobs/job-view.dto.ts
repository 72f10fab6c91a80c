import { ApiProperty } from '@nestjs/swagger';
import { type JobName, type JobProgress, type JobState, type JobView } from './job-queue.js';

export class JobViewDto implements JobView {
  @ApiProperty() id!: string;
  /** its values are the @OnJob names, filled in by apiDocument (the jobs are declared after this class) */
  @ApiProperty({ type: String }) name!: JobName;
  @ApiProperty({ enum: ['waiting', 'active', 'completed', 'failed'] }) state!: JobState;
  @ApiProperty({
    allOf: [
      {
        type: 'object',
        properties: { percent: { type: 'number', minimum: 0, maximum: 100 } },
        required: ['percent'],
        additionalProperties: { type: 'number' },
      },
    ],
    description: '0–100 plus the counts the handler reports (mediaProcessed, imported, ...)',
  })
  progress!: JobProgress;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      "Set once completed: the job's result shape (ImportResultDto, DuplicateResultDto, PopulationResultDto)",
  })
  result!: unknown;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed' }) error!: string | null;
  @ApiProperty() attemptsMade!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) finishedAt!: string | null;
}

/** A 202 answer: the job, and its id again as `jobId`. */
export class JobAcceptedDto extends JobViewDto {
  @ApiProperty() jobId!: string;
}
