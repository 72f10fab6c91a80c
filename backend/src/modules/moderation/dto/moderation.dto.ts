import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { ListQueryDto } from '../../../platform/http/simple-rest.js';

const MAX_IDS = 1000;
const idsMessage = (what: string) => `ids must be a list of 1 to ${MAX_IDS} ${what} ids (positive integers)`;

/** `{ ids }` of the moderation decisions (media ids). */
export class MediaIdsDto {
  @ApiProperty({ type: [Number], example: [12, 13], minItems: 1, maxItems: MAX_IDS })
  @IsArray({ message: idsMessage('media') })
  @ArrayMinSize(1, { message: idsMessage('media') })
  @ArrayMaxSize(MAX_IDS, { message: idsMessage('media') })
  @IsInt({ each: true, message: idsMessage('media') })
  @Min(1, { each: true, message: idsMessage('media') })
  @Max(2_147_483_647, { each: true, message: idsMessage('media') })
  ids!: number[];
}

/** `{ ids }` of unban (user ids). */
export class UserIdsDto {
  @ApiProperty({ type: [Number], example: [4], minItems: 1, maxItems: MAX_IDS })
  @IsArray({ message: idsMessage('user') })
  @ArrayMinSize(1, { message: idsMessage('user') })
  @ArrayMaxSize(MAX_IDS, { message: idsMessage('user') })
  @IsInt({ each: true, message: idsMessage('user') })
  @Min(1, { each: true, message: idsMessage('user') })
  @Max(2_147_483_647, { each: true, message: idsMessage('user') })
  ids!: number[];
}

export class BanUsersDto extends UserIdsDto {
  @ApiPropertyOptional({ description: 'Also delete every media item of those users' })
  @Optional()
  @IsBoolean({ message: 'deleteMedia must be true or false' })
  deleteMedia?: boolean;
}

/** The queue's list query: simple-rest's three parameters, and `status` also as a plain parameter. */
export class ModerationListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['open', 'decided'], default: 'open' })
  @Optional()
  @IsIn(['open', 'decided'], { message: 'status must be open or decided' })
  status?: 'open' | 'decided';
}
