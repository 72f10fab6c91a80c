import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class DeleteAccountDto {
  @ApiProperty({ description: "The account's username, typed out: the confirmation", maxLength: 64 })
  @IsString({ message: 'username must be the username typed out' })
  @MaxLength(64, { message: 'username must be at most 64 characters' })
  username!: string;
}

/** 202: the account opens nothing any more; its uploads and votes are being deleted in the background. */
export class AccountDeletionDto {
  @ApiProperty({ description: 'the background job deleting the rest (the admin follows it on the Jobs list)' })
  jobId!: string;
  @ApiProperty({ description: 'uploads to delete' }) uploads!: number;
  @ApiProperty({ description: 'votes to delete' }) votes!: number;
}

/** The job's result: what this attempt deleted (a rerun after a crash counts only its own part). */
export class AccountDeletedDto {
  @ApiProperty() uploadsDeleted!: number;
  @ApiProperty() votesDeleted!: number;
  @ApiProperty() viewsDeleted!: number;
  @ApiProperty({ description: 'false when an earlier attempt had already finished it' }) accountDeleted!: boolean;
}
