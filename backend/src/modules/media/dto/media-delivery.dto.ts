import { ApiProperty } from '@nestjs/swagger';
import { mediaUrl } from '../domain/media.js';
import { deliveryOf, type MediaDelivery, type Renditions } from '../domain/renditions.js';

/**
 * The rendition fields every media answer carries beside the spec's `url` (the original) and
 * `mimeType`: null until the background job has made them, and a screen then shows `url`.
 */
export class MediaDeliveryDto implements MediaDelivery {
  @ApiProperty({ type: Number, nullable: true, description: 'Display width in px (orientation applied)' })
  width!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Display height in px (orientation applied)' })
  height!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'ThumbHash of the picture or poster, base64' })
  placeholder!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'WebP ≤ 480 px long edge (a video: its poster frame)' })
  thumbUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'WebP ≤ 1440 px long edge (a video: its poster frame)' })
  previewUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: '`<img srcset>` of the thumbnail and the preview' })
  srcset!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Photos: WebP ≤ 2560 px long edge for the full-size overlay (the preview for items made before it existed)',
  })
  fullUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Videos: moov-first, metadata-free MP4 (H.264/AAC ≤ 720p when transcoded) to play instead of `url`',
  })
  playbackUrl!: string | null;
}

export const deliveryFields = (m: {
  width: number | null;
  height: number | null;
  placeholder: string | null;
  renditions: Renditions | null;
}): MediaDelivery => deliveryOf(m, mediaUrl);
