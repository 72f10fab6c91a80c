import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsPositive, Max } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { RateItemDto } from '../../media/dto/media.dto.js';
import type { ShareLink } from '../domain/share-link.js';

/** Body of POST /api/shares. */
export class CreateShareDto {
  @ApiProperty({ description: 'One of your own uploads' })
  @IsInt({ message: 'mediaId must be a whole number' })
  @IsPositive({ message: 'mediaId must be positive' })
  @Max(2147483647, { message: 'mediaId is out of range' })
  mediaId!: number;
}

/** Body of PATCH /api/shares/{shareId}: what changes. */
export class UpdateShareDto {
  @ApiPropertyOptional({ description: 'false turns the link off: it then says the item is not available' })
  @Optional()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;

  @ApiPropertyOptional({ description: 'true lets search engines index the link’s page' })
  @Optional()
  @IsBoolean({ message: 'indexable must be true or false' })
  indexable?: boolean;
}

export class ShareLinkDto {
  @ApiProperty() shareId!: string;
  @ApiProperty({ description: 'The link to share: PUBLIC_URL/r/{shareId}' }) url!: string;
  @ApiProperty() mediaId!: number;
  @ApiProperty() enabled!: boolean;
  @ApiProperty() indexable!: boolean;
  @ApiProperty({ description: 'Visitors shown the item through the link' }) views!: number;
  @ApiProperty({ description: 'Of them, those who voted on it' }) votes!: number;

  static of(link: ShareLink, publicUrl: string): ShareLinkDto {
    return {
      shareId: link.shareId,
      url: `${publicUrl}/r/${link.shareId}`,
      mediaId: link.mediaId,
      enabled: link.enabled,
      indexable: link.indexable,
      views: link.views,
      votes: link.votes,
    };
  }
}

/** GET /api/shares/{shareId}: the item to show first. */
export class SharedItemDto {
  @ApiProperty() shareId!: string;
  @ApiProperty({ type: RateItemDto }) item!: RateItemDto;
  @ApiProperty({ description: 'false for the owner (no vote on one’s own) and for a visitor who voted on it' })
  rateable!: boolean;
}

export class ShareVisitDto {
  @ApiProperty({ description: 'true when this visit counted now (once per visitor, link and kind)' })
  counted!: boolean;
}
