import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../../media/dto/media.dto.js';

export class CastVoteDto {
  @ApiProperty({ description: "The cookie's user" })
  @IsInt({ message: 'userId must be a whole number' })
  @Min(1, { message: 'userId must be a whole number' })
  @Max(MAX_ID, { message: 'userId must be a whole number' })
  userId!: number;

  @ApiProperty()
  @IsInt({ message: 'mediaId must be a whole number' })
  @Min(1, { message: 'mediaId must be a whole number' })
  @Max(MAX_ID, { message: 'mediaId must be a whole number' })
  mediaId!: number;

  @ApiProperty({ description: 'true for Hot, false for Not' })
  @IsBoolean({ message: 'isHot must be true or false' })
  isHot!: boolean;
}

export class VoteReceiptDto {
  @ApiProperty() mediaId!: number;
  @ApiProperty() isHot!: boolean;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() hotVotes!: number;
  @ApiProperty() hotPercentage!: number;
  @ApiProperty() notPercentage!: number;
}
