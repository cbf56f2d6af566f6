import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PHOTO_HASH_BITS, REUSED_PHOTO_FLAGS_MAX, REUSED_PHOTO_MAX_DISTANCE, bandOf, differenceHash, fromSignedHash, hammingDistance, hashBands,
  isDistinctiveHash, isFarBelowMarket, priceFlag, reusedPhotoFlags, toSignedHash,
} from '../src/index.js';

const hash64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });

describe('the difference hash of a photo', () => {
  it('sets a bit where a pixel is brighter than its right neighbour, first pair of the first row first', () => {
    const grey = new Array<number>(72).fill(100);
    grey[0] = 200; // row 0: pixel 0 brighter than pixel 1 → bit 63
    grey[9 * 7 + 8] = 10; // row 7: pixel 7 (100) brighter than pixel 8 (10) → bit 0
    expect(differenceHash(grey)).toBe((1n << 63n) | 1n);
  });

  it('is 0 for one flat colour and all ones for a fade that darkens to the right', () => {
    expect(differenceHash(new Array<number>(72).fill(128))).toBe(0n);
    expect(differenceHash(Array.from({ length: 72 }, (_, i) => 250 - (i % 9) * 20))).toBe((1n << 64n) - 1n);
  });

  it('does not change when the whole picture is brighter (only neighbours are compared)', () => {
    const grey = Array.from({ length: 72 }, (_, i) => (i * 37) % 200);
    expect(differenceHash(grey.map((v) => v + 40))).toBe(differenceHash(grey));
  });

  it('needs exactly 9×8 pixels', () => {
    expect(() => differenceHash(new Uint8Array(64))).toThrow(/9×8/);
  });
});

describe('the distance between two hashes', () => {
  it('counts the bits that differ', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
  });

  it('is symmetric and reads a signed hash (as Postgres keeps it) like the unsigned one', () => {
    fc.assert(fc.property(hash64, hash64, (a, b) => {
      expect(hammingDistance(a, b)).toBe(hammingDistance(b, a));
      expect(hammingDistance(toSignedHash(a), b)).toBe(hammingDistance(a, b));
      expect(fromSignedHash(toSignedHash(a).toString())).toBe(a);
    }));
  });

  it('cuts 64 bits into one band more than the distance, so two hashes within it agree on a whole band (pigeonhole)', () => {
    const bands = hashBands(REUSED_PHOTO_MAX_DISTANCE);
    expect(bands).toHaveLength(REUSED_PHOTO_MAX_DISTANCE + 1);
    expect(bands.reduce((sum, b) => sum + b.width, 0)).toBe(PHOTO_HASH_BITS);
    expect(bands.at(-1)!.shift).toBe(0);
    const flips = fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: REUSED_PHOTO_MAX_DISTANCE });
    fc.assert(fc.property(hash64, flips, (a, bits) => {
      const b = bits.reduce((h, bit) => h ^ (1n << BigInt(bit)), a);
      expect(hammingDistance(a, b)).toBe(bits.length);
      expect(bands.some((band) => bandOf(a, band) === bandOf(b, band))).toBe(true);
    }));
  });

  it('compares only hashes with some shape in them: a flat picture or a smooth fade is never compared', () => {
    expect(isDistinctiveHash(0n)).toBe(false);
    expect(isDistinctiveHash((1n << 64n) - 1n)).toBe(false);
    expect(isDistinctiveHash(0b1111n)).toBe(false);
    expect(isDistinctiveHash(0b11111n)).toBe(true);
    expect(isDistinctiveHash(0xf0f0_f0f0_f0f0_f0f0n)).toBe(true);
  });
});

describe('a price too good to be true', () => {
  it('is one under half the market median, and only when there is a median', () => {
    expect(isFarBelowMarket(4_999_999, 10_000_000)).toBe(true);
    expect(isFarBelowMarket(5_000_000, 10_000_000)).toBe(false);
    expect(isFarBelowMarket(1, null)).toBe(false);
    expect(isFarBelowMarket(1, undefined)).toBe(false);
    expect(priceFlag(3_000_000, 10_000_000)).toEqual([{ kind: 'price_far_below_market', price: 3_000_000, median: 10_000_000 }]);
    expect(priceFlag(9_000_000, 10_000_000)).toEqual([]);
  });
});

describe('reused-photo flags', () => {
  it('keep the closest match per photo and other listing, closest first, at most ten', () => {
    const flags = reusedPhotoFlags([
      { photoUrl: '/a.webp', otherListingId: 7, otherPhotoUrl: '/x.webp', distance: 5 },
      { photoUrl: '/a.webp', otherListingId: 7, otherPhotoUrl: '/y.webp', distance: 1 },
      { photoUrl: '/b.webp', otherListingId: 3, otherPhotoUrl: '/z.webp', distance: 2 },
    ]);
    expect(flags).toEqual([
      { kind: 'reused_photo', photoUrl: '/a.webp', otherListingId: 7, otherPhotoUrl: '/y.webp', distance: 1 },
      { kind: 'reused_photo', photoUrl: '/b.webp', otherListingId: 3, otherPhotoUrl: '/z.webp', distance: 2 },
    ]);
    const many = Array.from({ length: 30 }, (_, i) => ({ photoUrl: '/a.webp', otherListingId: i + 1, otherPhotoUrl: `/o${i}.webp`, distance: i % 7 }));
    expect(reusedPhotoFlags(many)).toHaveLength(REUSED_PHOTO_FLAGS_MAX);
    expect(reusedPhotoFlags(many).every((f) => f.kind === 'reused_photo' && f.distance <= 1)).toBe(true);
  });
});
