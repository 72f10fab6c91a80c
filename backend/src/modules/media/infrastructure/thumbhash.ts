import type { Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** ThumbHash works on at most 100×100 pixels. */
const PLACEHOLDER_EDGE = 100;

/** The ThumbHash (base64, ≈ 25–35 characters) of a picture already turned upright. */
export async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(PLACEHOLDER_EDGE, PLACEHOLDER_EDGE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
