/**
 * The one metadata field an original keeps: its EXIF Orientation (1–8). Browsers and image
 * viewers turn the picture upright by it, so the original can be stored without re-encoding
 * (lossless, never larger than uploaded); it says nothing about the person or the camera.
 */
export const isRotatingOrientation = (o: number | undefined): o is number =>
  o !== undefined && Number.isInteger(o) && o >= 2 && o <= 8;

/** A big-endian TIFF block holding IFD0 with the single Orientation entry (26 bytes). */
export function orientationOnlyTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // stored left-justified in the 4-byte value field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}
