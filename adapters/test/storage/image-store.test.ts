import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoStore } from '../../src/storage/photo-store.js';
import { FolderPhotoObjects, type PhotoObjects } from '../../src/storage/photo-objects.js';
import { S3PhotoObjects } from '../../src/storage/s3-photo-objects.js';
import { startS3Server, type TestS3Server } from '../support/s3-server.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-images-'));
let s3: TestS3Server;
let bucket: S3PhotoObjects;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3PhotoObjects(s3.config('image-store-test'));
  await bucket.ensureBucket();
});
afterAll(async () => {
  bucket.close();
  await s3.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A phone-like photo: 3000×2000 JPEG carrying EXIF with GPS coordinates. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' } })
    .toBuffer();
}

/** The same behaviour whichever keeps the files: the folder of `npm start`, or an S3-compatible bucket. */
describe.each([
  ['a folder', () => new FolderPhotoObjects(dir) as PhotoObjects],
  ['an S3-compatible bucket', () => bucket as PhotoObjects],
])('PhotoStore on %s', (_where, objectsOf) => {
  let objects: PhotoObjects;
  let store: PhotoStore;
  beforeAll(() => {
    objects = objectsOf();
    store = new PhotoStore(objects);
  });
  const keyOf = (url: string, size?: string) => url.replace('/uploads/', '').replace('.webp', () => (size ? `-${size}.webp` : '.webp'));
  const bytesOf = async (url: string, size?: string) => {
    const bytes = await objects.read(keyOf(url, size));
    if (!bytes) throw new Error(`${keyOf(url, size)} is not stored`);
    return bytes;
  };

  it('judges the format by content', async () => {
    expect(await store.sniffFormat(await phonePhoto())).toBe('jpeg');
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#fff' } }).png().toBuffer();
    expect(await store.sniffFormat(png)).toBe('png');
    expect(await store.sniffFormat(Buffer.from('GIF89a not really'))).toBeNull();
    expect(await store.sniffFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('re-encodes to WebP in a large size and a thumbnail, without any metadata', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await store.store(photo);
    expect(stored.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(stored.thumbnailUrl).toBe(stored.url.replace('.webp', () => '-thumb.webp'));
    const large = await bytesOf(stored.url);
    const thumb = await bytesOf(stored.url, 'thumb');
    const largeMeta = await sharp(large).metadata();
    const thumbMeta = await sharp(thumb).metadata();
    expect(largeMeta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 480 });
    expect(largeMeta.exif).toBeUndefined();
    expect(thumbMeta.exif).toBeUndefined();
    expect(stored).toMatchObject({ width: 1600, height: 1067 });
    // Data saver's: 320 px, fewer bytes than the thumbnail; a dense phone's: 800 px, fewer than the large.
    const small = await bytesOf(stored.url, 'small');
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(small.length).toBeLessThan(thumb.length);
    const medium = await bytesOf(stored.url, 'medium');
    expect(await sharp(medium).metadata()).toMatchObject({ format: 'webp', width: 800 });
    expect(medium.length).toBeLessThan(large.length);
  });

  it('makes a rendition of an older photo on first use, keeps it, and removes it with the photo', async () => {
    const stored = await store.store(await phonePhoto());
    for (const size of ['small', 'medium'] as const) {
      await objects.remove([keyOf(stored.url, size)]);
      expect(await objects.exists(keyOf(stored.url, size))).toBe(false);
      expect(await store.rendition(stored.url, size)).toBe(stored.url.replace('.webp', () => `-${size}.webp`));
      expect(await sharp(await bytesOf(stored.url, size)).metadata()).toMatchObject({ width: size === 'small' ? 320 : 800 });
    }
    expect(await store.rendition(stored.thumbnailUrl, 'small')).toBeNull();
    expect(await store.rendition('/uploads/2026/11/not-here.webp', 'small')).toBeNull();
    expect(await store.rendition('/elsewhere/photo.webp', 'medium')).toBeNull();
    const card = await store.shareCard(stored.url);
    expect(card).toEqual({ url: stored.url.replace('.webp', () => '-share.jpg'), width: 1200, height: 630 });
    expect(await sharp(await objects.read(card!.url.replace('/uploads/', '')) ?? Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(await store.photoHash(stored.url)).toEqual(expect.any(BigInt));
    expect(await store.photoHash('/uploads/2026/11/not-here.webp')).toBeNull();

    await store.remove([stored.url]);
    for (const size of [undefined, 'thumb', 'small', 'medium']) expect(await objects.exists(keyOf(stored.url, size))).toBe(false);
    expect(await objects.exists(card!.url.replace('/uploads/', ''))).toBe(false);
    expect(await store.shareCard(stored.url)).toBeNull();
    // Removing what is gone, or what is no photo of ours, is no error.
    await store.remove([stored.url, '/elsewhere/photo.webp', '/uploads/../x.webp']);
  });

  it('lists the photos written before a time, not their renditions, for the clean-up of strays', async () => {
    const stored = await store.store(await phonePhoto());
    const listed = async (before: Date) => {
      const urls: string[] = [];
      for await (const batch of store.storedBefore(before)) urls.push(...batch);
      return urls;
    };
    // Bucket times have whole seconds: a second after, it is listed; well before, it is not.
    expect(await listed(new Date(Date.now() + 2_000))).toContain(stored.url);
    expect((await listed(new Date(Date.now() + 2_000))).filter((url) => /-(thumb|small|medium)\.webp$|\.jpg$/.test(url))).toEqual([]);
    expect(await listed(new Date(Date.now() - 60_000))).not.toContain(stored.url);
  });

  it('does not enlarge small pictures', async () => {
    const small = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0a0' } }).png().toBuffer();
    const stored = await store.store(small);
    expect(await sharp(await bytesOf(stored.url)).metadata()).toMatchObject({ width: 320, height: 200 });
  });

  it('refuses keys that are not photo files', async () => {
    await expect(objects.put('../outside.webp', Buffer.from('x'))).rejects.toThrow(/not a photo key/);
    await expect(objects.read('2026/11/a.exe')).rejects.toThrow(/not a photo key/);
  });
});

describe('the S3-compatible bucket', () => {
  it('is made when missing, and making it again changes nothing', async () => {
    const fresh = new S3PhotoObjects(s3.config('made-by-the-api'));
    try {
      await expect(fresh.check()).rejects.toThrow();
      await fresh.ensureBucket();
      await fresh.put('2026/11/kept.webp', Buffer.from('kept'));
      await fresh.ensureBucket();
      expect((await fresh.read('2026/11/kept.webp'))?.toString()).toBe('kept');
      await fresh.check();
    } finally {
      fresh.close();
    }
  });

  it('writes each photo with its type and a year of caching, answers 304 to its ETag, and null for a missing one', async () => {
    await bucket.put('2026/11/served.webp', Buffer.from('webp bytes'));
    const opened = await bucket.open('2026/11/served.webp');
    if (opened === null || opened === 'not-modified') throw new Error('not opened');
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('webp bytes');
    expect(opened).toMatchObject({ contentType: 'image/webp', length: 10, etag: expect.stringMatching(/^".+"$/) });
    expect(await bucket.open('2026/11/served.webp', opened.etag)).toBe('not-modified');
    expect(await bucket.open('2026/11/missing.webp')).toBeNull();
    expect(await bucket.read('2026/11/missing.webp')).toBeNull();
  });

  it('fails fast when the store does not answer, and works again when it is back', async () => {
    await s3.stop();
    try {
      const started = Date.now();
      await expect(bucket.check()).rejects.toThrow();
      await expect(bucket.put('2026/11/during-outage.webp', Buffer.from('x'))).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await s3.start();
    }
    await bucket.check();
    await bucket.put('2026/11/after-outage.webp', Buffer.from('y'));
    expect((await bucket.read('2026/11/after-outage.webp'))?.toString()).toBe('y');
  });
});
