import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { ListQueryDto } from '../../../platform/http/simple-rest.js';

const MAX_IDS = 1000;
const idsMessage = (what: string) => `ids must be a list of 1 to ${MAX_IDS} ${what} ids (positive integers)`;

/** `ids`: 1 to 1000 positive integer ids of `what`, one message for every way to get it wrong. */
const IdsField = (what: string, example: number[]) => {
  const message = idsMessage(what);
  return applyDecorators(
    ApiProperty({ type: [Number], example, minItems: 1, maxItems: MAX_IDS }),
    IsArray({ message }),
    ArrayMinSize(1, { message }),
    ArrayMaxSize(MAX_IDS, { message }),
    IsInt({ each: true, message }),
    Min(1, { each: true, message }),
    Max(2_147_483_647, { each: true, message }),
  );
};

/** `{ ids }` of the moderation decisions (media ids). */
export class MediaIdsDto {
  @IdsField('media', [12, 13])
  ids!: number[];
}

/** `{ ids }` of unban (user ids). */
export class UserIdsDto {
  @IdsField('user', [4])
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
