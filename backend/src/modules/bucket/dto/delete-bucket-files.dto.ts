import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsString, MaxLength } from 'class-validator';

export class DeleteBucketFilesDto {
  @ApiProperty({ type: [String], example: ['uploads/2025/01/0b7c….jpg'] })
  @IsArray({ message: 'filenames must be an array of file keys' })
  @ArrayNotEmpty({ message: 'filenames must name at least one file' })
  @ArrayMaxSize(1000, { message: 'filenames can name at most 1000 files at a time' })
  @IsString({ each: true, message: 'each filename must be a string' })
  @MaxLength(512, { each: true, message: 'each filename must be at most 512 characters' })
  filenames!: string[];
}
