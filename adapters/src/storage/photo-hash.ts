import sharp from 'sharp';
import { PHOTO_HASH_COLUMNS, PHOTO_HASH_ROWS, differenceHash } from '@voltmarket/domain';

/** Refuse decompression bombs, as the image store does. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The difference hash of a photo (bytes or a file): upright, flattened on white, grey, 9×8. */
export async function photoHash(photo: Uint8Array | string): Promise<bigint> {
  const source = typeof photo === 'string' ? photo : Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
  const grey = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(PHOTO_HASH_COLUMNS, PHOTO_HASH_ROWS, { fit: 'fill' })
    .raw()
    .toBuffer();
  return differenceHash(grey);
}
