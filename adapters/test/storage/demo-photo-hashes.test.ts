import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REUSED_PHOTO_MAX_DISTANCE, hammingDistance, isDistinctiveHash } from '@voltmarket/domain';
import { photoHash } from '../../src/storage/photo-hash.js';
import { LocalDiskImageStore } from '../../src/storage/photo-store.js';
import { DEMO_MODELS } from '../../src/postgres/seed/demo-catalogue.js';
import { DEMO_LISTINGS } from '../../src/postgres/seed/demo-listings.js';
import { demoCarArtwork } from '../../src/postgres/seed/demo-photos.js';
import { demoRentalArtwork } from '../../src/postgres/seed/demo-rentals.js';

/** Every demo car's photos, as the seed draws them: one car per listing, one per rental sample. */
async function demoCars(): Promise<Buffer[][]> {
  const cars: Promise<Buffer>[][] = DEMO_LISTINGS.map((written, i) => {
    const model = DEMO_MODELS.find((m) => `${m.brand} ${m.model}` === written.model)!;
    return demoCarArtwork(i, model.type);
  });
  return Promise.all([...cars, ...demoRentalArtwork()].map((photos) => Promise.all(photos)));
}

describe('the demo photos and the reused-photo check', () => {
  it('never takes two different demo cars for the same picture (no false positive at the threshold)', async () => {
    const cars = await demoCars();
    const hashes = await Promise.all(cars.map((photos) => Promise.all(photos.map((p) => photoHash(p)))));
    expect(hashes.flat().every(isDistinctiveHash)).toBe(true);
    let closest = 64;
    for (let a = 0; a < hashes.length; a++) {
      for (let b = a + 1; b < hashes.length; b++) {
        for (const x of hashes[a]!) for (const y of hashes[b]!) closest = Math.min(closest, hammingDistance(x, y));
      }
    }
    expect(cars.length).toBe(DEMO_LISTINGS.length + demoRentalArtwork().length);
    expect(closest).toBeGreaterThan(REUSED_PHOTO_MAX_DISTANCE);
  }, 120_000);

  it('finds a stored demo photo saved from the site and uploaded again: as it was, as a JPEG, at half size, with a phone number on it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-hashes-'));
    try {
      const store = new LocalDiskImageStore(dir);
      for (const car of [3, 17, 40]) {
        const [photo] = await Promise.all(demoCarArtwork(car, 'car', undefined, 1));
        const stored = (await store.store(photo!)).url;
        const original = (await store.photoHash(stored))!;
        // What a scammer downloads is the stored WebP.
        const saved = await fs.readFile(path.join(dir, stored.slice('/uploads/'.length)));
        const { width = 0, height = 0 } = await sharp(saved).metadata();
        const text = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="40" y="${height - 40}" font-size="56" fill="#fff" stroke="#000">Call 0803 555 0101</text></svg>`);
        const copies = [
          saved,
          await sharp(saved).jpeg({ quality: 60 }).toBuffer(),
          await sharp(saved).resize({ width: Math.round(width / 2) }).jpeg().toBuffer(),
          await sharp(saved).composite([{ input: text }]).jpeg().toBuffer(),
        ];
        for (const copy of copies) {
          const again = (await store.photoHash((await store.store(copy)).url))!;
          expect(hammingDistance(original, again)).toBeLessThanOrEqual(REUSED_PHOTO_MAX_DISTANCE);
        }
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
