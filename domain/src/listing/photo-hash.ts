/**
 * A photo's difference hash (dHash): the photo in grey, shrunk to 9×8 pixels, one bit per pair of
 * horizontal neighbours (set when the left one is brighter). Re-encoding, resizing, a little
 * cropping or a change of brightness keep most bits; a different picture flips about half of them.
 */
export const PHOTO_HASH_COLUMNS = 9;
export const PHOTO_HASH_ROWS = 8;
export const PHOTO_HASH_BITS = 64;

/**
 * Two photos whose hashes differ in at most this many of the 64 bits are taken for the same picture.
 * Chosen by measurement (docs/trust-and-safety.md#scam-defences): a photo saved from the site and
 * uploaded again, as it is, as a JPEG, smaller or with a phone number written on it, stays within 4;
 * two different demo cars are 9 or more apart; and 5 bands of 13 bits (one more than the distance)
 * leave a lookup a few hundred candidates among a million photos, where 7 bands of 9 bits (for 6)
 * left it about 14,000 and took 16-30 ms on their own.
 */
export const REUSED_PHOTO_MAX_DISTANCE = 4;

/** The hash of 9×8 grey pixels, row by row; bit 63 is the first pair of the first row. */
export function differenceHash(grey: Uint8Array | readonly number[]): bigint {
  if (grey.length !== PHOTO_HASH_COLUMNS * PHOTO_HASH_ROWS) {
    throw new Error(`a difference hash needs ${PHOTO_HASH_COLUMNS}×${PHOTO_HASH_ROWS} pixels, got ${grey.length}`);
  }
  let hash = 0n;
  for (let row = 0; row < PHOTO_HASH_ROWS; row++) {
    for (let column = 0; column < PHOTO_HASH_COLUMNS - 1; column++) {
      const at = row * PHOTO_HASH_COLUMNS + column;
      hash = (hash << 1n) | (grey[at]! > grey[at + 1]! ? 1n : 0n);
    }
  }
  return hash;
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(PHOTO_HASH_BITS, a ^ b);
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}

/**
 * Fewer than this many bits set (or cleared) means a picture with hardly any shape: one colour, a
 * smooth fade. Such hashes match every other such picture, so they are never compared; one bit more
 * than the distance, so a hash that is compared can never match a featureless one either.
 */
export const PHOTO_HASH_MIN_FEATURES = REUSED_PHOTO_MAX_DISTANCE + 1;

/** A hash that says something about the picture (see PHOTO_HASH_MIN_FEATURES). */
export function isDistinctiveHash(hash: bigint): boolean {
  const set = hammingDistance(hash, 0n);
  return set >= PHOTO_HASH_MIN_FEATURES && set <= PHOTO_HASH_BITS - PHOTO_HASH_MIN_FEATURES;
}

/** The hash as Postgres's signed bigint holds it, and back. */
export const toSignedHash = (hash: bigint): bigint => BigInt.asIntN(PHOTO_HASH_BITS, hash);
export const fromSignedHash = (stored: bigint | string): bigint => BigInt.asUintN(PHOTO_HASH_BITS, BigInt(stored));

/**
 * The 64 bits cut into `maxDistance + 1` bands of nearly equal width (widest first). Two hashes within
 * `maxDistance` bits agree on at least one whole band (pigeonhole), so equal bands find every candidate.
 */
export function hashBands(maxDistance: number): { shift: number; width: number }[] {
  const count = maxDistance + 1;
  const bands: { shift: number; width: number }[] = [];
  let shift = PHOTO_HASH_BITS;
  for (let i = 0; i < count; i++) {
    const width = Math.floor(PHOTO_HASH_BITS / count) + (i < PHOTO_HASH_BITS % count ? 1 : 0);
    shift -= width;
    bands.push({ shift, width });
  }
  return bands;
}

/** The value of one band of a hash (unsigned). */
export const bandOf = (hash: bigint, band: { shift: number; width: number }): number =>
  Number((BigInt.asUintN(PHOTO_HASH_BITS, hash) >> BigInt(band.shift)) & ((1n << BigInt(band.width)) - 1n));
